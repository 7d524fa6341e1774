--  A printer task type reached through a handle's access discriminant: the
--  handle itself holds no task.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
package Printers is
   type Printer_Rendezvous;
   type Printer_Entry is (Printer_No_Entry, Printer_Print);
   type Printer_Print_S_Access is access String;
   procedure Free_Print_S is new Ada.Unchecked_Deallocation
     (String,
      Printer_Print_S_Access);
   type Printer_Alternative is record
      Id : Printer_Entry := Printer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Printer_Alternative_List is array (Positive range <>) of Printer_Alternative;
   task type Printer_Agent (Self : not null access Printer_Rendezvous) is
      --  rdv2po: general scheme agent of Printer_Rendezvous
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Printer_Agent;
   --  rdv2po: the rendezvous of task type Printer, whose code runs in
   --  Printer_Agent, a component of it; clients call Printer, below (general
   --  scheme: each rendezvous goes through the object)
   protected type Printer_Rendezvous is
      entry Print (S : String);
      --  rdv2po: the rendezvous protocol, for Printer_Agent
      entry Select_Arm
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural);
      entry Print_Held (S : String);
      procedure Print_Woken (S : in String);
      procedure Print_Take;
      function Print_S_Value return String;
      procedure Print_Accept_End;
      procedure Print_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Print_Queue (S : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Printer_Alternative);
      function Queued (Alternative : Printer_Alternative) return Boolean;
      function Position_Of (Alternative : Printer_Alternative) return Natural;
      Armed_List : Printer_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Printer_Entry := Printer_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Print_Armed : Boolean := False;
      Print_S : Printer_Print_S_Access;
      Print_Done : Boolean := False;
      Print_Raised : Boolean := False;
      Print_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Printer_Agent (Self => Printer_Rendezvous'Unchecked_Access);
   end Printer_Rendezvous;
   --  rdv2po: task type Printer became this protected type; each call goes on
   --  to its Printer_Rendezvous (general scheme)
   protected type Printer is
      entry Print (S : String);
   private
      Rendezvous : Printer_Rendezvous;
      --  the barrier of every entry: GNAT 12 crashes on 'when True' in a
      --  protected type holding a task (gnat_to_gnu_entity)
      Passing : Boolean := True;
   end Printer;
   type Printer_Ref is access Printer;

   type Handle (To : access Printer) is limited null record;
   type Handle_Ref is access Handle;

   procedure Show (H : Handle_Ref; S : String);
end Printers;
