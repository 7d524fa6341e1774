with Ada.Exceptions;
package Meters is
   --  The spec declares Scale, the name of the unit its body withs.
   function Scale return Integer;
   type Meter_Rendezvous;
   type Meter_Entry is (Meter_No_Entry, Meter_Add, Meter_Total);
   type Meter_Alternative is record
      Id : Meter_Entry := Meter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Meter_Alternative_List is array (Positive range <>) of Meter_Alternative;
   task type Meter_Agent (Self : not null access Meter_Rendezvous) is
      --  rdv2po: general scheme agent of Meter_Rendezvous
      entry Wake_1 (Positive range 1 .. 2);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Meter_Agent;
   --  rdv2po: the rendezvous of task type Meter, whose code runs in
   --  Meter_Agent, a component of it; clients call Meter, below (general
   --  scheme: each rendezvous goes through the object)
   protected type Meter_Rendezvous is
      entry Add;
      entry Total (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Meter_Agent
      entry Select_Arm
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held;
      procedure Add_Woken;
      procedure Add_Take;
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue;
      entry Total_Held (N : out Natural);
      procedure Total_Woken (N : in Natural);
      procedure Total_Take (N : out Natural);
      procedure Total_Accept_End (N : in Natural);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Meter_Alternative);
      function Queued (Alternative : Meter_Alternative) return Boolean;
      function Position_Of (Alternative : Meter_Alternative) return Natural;
      Armed_List : Meter_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Meter_Entry := Meter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_N : Natural;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Meter_Agent (Self => Meter_Rendezvous'Unchecked_Access);
   end Meter_Rendezvous;
   --  rdv2po: task type Meter became this protected type; each call goes on to
   --  its Meter_Rendezvous (general scheme)
   protected type Meter is
      entry Add;
      entry Total (N : out Natural);
   private
      Rendezvous : Meter_Rendezvous;
      --  the barrier of every entry: GNAT 12 crashes on 'when True' in a
      --  protected type holding a task (gnat_to_gnu_entity)
      Passing : Boolean := True;
   end Meter;
end Meters;
