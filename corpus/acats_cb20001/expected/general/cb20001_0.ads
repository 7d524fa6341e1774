-- CB20001.A  (ACATS 4, Grant of Unlimited Rights; header shortened)
--
-- OBJECTIVE:
--      Check that exceptions can be handled in accept bodies, and that a
--      task object that has an exception handled in an accept body is still
--      viable for future use.
--
-- CHANGE HISTORY:
--      06 Dec 94   SAIC    ACVC 2.0
--      (rdv2po acceptance: unchanged apart from this header)
--!

with Ada.Exceptions;
with Report;

package CB20001_0 is               

   Incorrect_Data,
   Location_Error,
   Off_Screen_Data           : exception;

   TC_Handled_In_Accept,
   TC_Reraised_In_Accept,
   TC_Handled_In_Task_Block,
   TC_Handled_In_Caller      : boolean := False;

   type Location_Type is range 0 .. 2000;

   type Submarine_Type;
   type Submarine_Type_Entry is
     (Submarine_Type_No_Entry,
      Submarine_Type_Contact);
   type Submarine_Type_Alternative is record
      Id : Submarine_Type_Entry := Submarine_Type_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Submarine_Type_Alternative_List is array (Positive range <>) of Submarine_Type_Alternative;
   task type Submarine_Type_Agent (Self : not null access Submarine_Type) is
      --  rdv2po: general scheme agent of Submarine_Type
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Location_Type);
   end Submarine_Type_Agent;
   --  rdv2po: task type Submarine_Type became this protected type; its code
   --  runs in Submarine_Type_Agent, a component of it (general scheme: each
   --  rendezvous goes through the object)
   protected type Submarine_Type is
      entry Contact (Location : in Location_Type);
      --  rdv2po: the rendezvous protocol, for Submarine_Type_Agent
      entry Select_Arm
        (Order : Submarine_Type_Alternative_List;
         Chosen_Position : out Natural);
      entry Contact_Held (Location : in Location_Type);
      procedure Contact_Woken (Location : in Location_Type);
      procedure Contact_Take (Location : out Location_Type);
      procedure Contact_Accept_End;
      procedure Contact_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Contact_Queue (Location : in Location_Type);
      function Agent_Callable return Boolean;
      procedure Close;
   private
      entry Select_Wait
        (Order : Submarine_Type_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Submarine_Type_Alternative);
      function Queued (Alternative : Submarine_Type_Alternative) return Boolean;
      function Position_Of (Alternative : Submarine_Type_Alternative) return Natural;
      Armed_List : Submarine_Type_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Submarine_Type_Entry := Submarine_Type_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Contact_Armed : Boolean := False;
      Contact_Location : Location_Type;
      Contact_Done : Boolean := False;
      Contact_Raised : Boolean := False;
      Contact_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Submarine_Type_Agent (Self => Submarine_Type'Unchecked_Access);
   end Submarine_Type;

   Current_Position : Location_Type := 0;

end CB20001_0;
