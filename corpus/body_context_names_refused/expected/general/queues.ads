with Ada.Exceptions;
package Queues is
   --  Its body's `with Tuning` has elaboration that prints.
   type Queue_Rendezvous;
   type Queue_Entry is (Queue_No_Entry, Queue_Put, Queue_Get);
   type Queue_Alternative is record
      Id : Queue_Entry := Queue_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Queue_Alternative_List is array (Positive range <>) of Queue_Alternative;
   task type Queue_Agent (Self : not null access Queue_Rendezvous) is
      --  rdv2po: general scheme agent of Queue_Rendezvous
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Queue_Agent;
   --  rdv2po: the rendezvous of task type Queue, whose code runs in
   --  Queue_Agent, a component of it; clients call Queue, below (general
   --  scheme: each rendezvous goes through the object)
   protected type Queue_Rendezvous is
      entry Put (V : Integer);
      entry Get (V : out Integer);
      --  rdv2po: the rendezvous protocol, for Queue_Agent
      entry Select_Arm
        (Order : Queue_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (V : Integer);
      procedure Put_Woken (V : in Integer);
      procedure Put_Take (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      entry Get_Held (V : out Integer);
      procedure Get_Woken (V : in Integer);
      procedure Get_Take (V : out Integer);
      procedure Get_Accept_End (V : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Queue_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Queue_Alternative);
      function Queued (Alternative : Queue_Alternative) return Boolean;
      function Position_Of (Alternative : Queue_Alternative) return Natural;
      Armed_List : Queue_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Queue_Entry := Queue_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_V : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Queue_Agent (Self => Queue_Rendezvous'Unchecked_Access);
   end Queue_Rendezvous;
   --  rdv2po: task type Queue became this protected type; each call goes on to
   --  its Queue_Rendezvous (general scheme)
   protected type Queue is
      entry Put (V : Integer);
      entry Get (V : out Integer);
   private
      Rendezvous : Queue_Rendezvous;
      --  the barrier of every entry: GNAT 12 crashes on 'when True' in a
      --  protected type holding a task (gnat_to_gnu_entity)
      Passing : Boolean := True;
   end Queue;
end Queues;
