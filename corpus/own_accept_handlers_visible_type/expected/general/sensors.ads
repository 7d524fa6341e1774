--  A probe task type, declared in the visible part, whose accept body
--  raises and handles exceptions: one handled inside the accept body, one
--  handled there and raised again (so it reaches both the caller and the
--  block around the select), one not handled there at all (it reaches the
--  caller, and ends the probe).  The flags say where each was handled.

with Ada.Exceptions;
package Sensors is

   Too_High, Out_Of_Range, Bad_Value : exception;

   Handled_In_Accept    : Boolean := False;
   Raised_Again         : Boolean := False;
   Handled_Around_Loop  : Boolean := False;
   Last_Level           : Integer := 0;
   Problems             : Natural := 0;

   type Level_Type is range 0 .. 2_000;

   type Probe_Rendezvous;
   type Probe_Entry is (Probe_No_Entry, Probe_Reading);
   type Probe_Alternative is record
      Id : Probe_Entry := Probe_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Probe_Alternative_List is array (Positive range <>) of Probe_Alternative;
   task type Probe_Agent (Self : not null access Probe_Rendezvous) is
      --  rdv2po: general scheme agent of Probe_Rendezvous
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Level_Type);
   end Probe_Agent;
   --  rdv2po: the rendezvous of task type Probe, whose code runs in
   --  Probe_Agent, a component of it; clients call Probe, below (general
   --  scheme: each rendezvous goes through the object)
   protected type Probe_Rendezvous is
      entry Reading (Level : in Level_Type);
      --  rdv2po: the rendezvous protocol, for Probe_Agent
      entry Select_Arm
        (Order : Probe_Alternative_List;
         Chosen_Position : out Natural);
      entry Reading_Held (Level : in Level_Type);
      procedure Reading_Woken (Level : in Level_Type);
      procedure Reading_Take (Level : out Level_Type);
      procedure Reading_Accept_End;
      procedure Reading_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Reading_Queue (Level : in Level_Type);
      function Agent_Callable return Boolean;
      procedure Close;
   private
      entry Select_Wait
        (Order : Probe_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Probe_Alternative);
      function Queued (Alternative : Probe_Alternative) return Boolean;
      function Position_Of (Alternative : Probe_Alternative) return Natural;
      Armed_List : Probe_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Probe_Entry := Probe_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Reading_Armed : Boolean := False;
      Reading_Level : Level_Type;
      Reading_Done : Boolean := False;
      Reading_Raised : Boolean := False;
      Reading_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Probe_Agent (Self => Probe_Rendezvous'Unchecked_Access);
   end Probe_Rendezvous;
   --  rdv2po: task type Probe became this protected type; each call goes on to
   --  its Probe_Rendezvous (general scheme)
   protected type Probe is
      entry Reading (Level : in Level_Type);
      --  rdv2po: the task's attributes ('Callable...), asked of Rendezvous
      function Agent_Callable return Boolean;
   private
      Rendezvous : Probe_Rendezvous;
      --  the barrier of every entry: GNAT 12 crashes on 'when True' in a
      --  protected type holding a task (gnat_to_gnu_entity)
      Passing : Boolean := True;
   end Probe;

end Sensors;
