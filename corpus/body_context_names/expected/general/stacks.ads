with Ada.Exceptions;
package Stacks is
   type Stack_Rendezvous;
   type Stack_Entry is (Stack_No_Entry, Stack_Push, Stack_Pop, Stack_Flip);
   type Stack_Alternative is record
      Id : Stack_Entry := Stack_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Stack_Alternative_List is array (Positive range <>) of Stack_Alternative;
   task type Stack_Agent (Self : not null access Stack_Rendezvous) is
      --  rdv2po: general scheme agent of Stack_Rendezvous
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Integer);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : out Boolean);
   end Stack_Agent;
   --  rdv2po: the rendezvous of task type Stack, whose code runs in
   --  Stack_Agent, a component of it; clients call Stack, below (general
   --  scheme: each rendezvous goes through the object)
   protected type Stack_Rendezvous is
      entry Push (V : Integer);
      entry Pop (V : out Integer);
      entry Flip (S : out Boolean);
      --  rdv2po: the rendezvous protocol, for Stack_Agent
      entry Select_Arm
        (Order : Stack_Alternative_List;
         Chosen_Position : out Natural);
      entry Push_Held (V : Integer);
      procedure Push_Woken (V : in Integer);
      procedure Push_Take (V : out Integer);
      procedure Push_Accept_End;
      procedure Push_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Push_Queue (V : in Integer);
      entry Pop_Held (V : out Integer);
      procedure Pop_Woken (V : in Integer);
      procedure Pop_Take (V : out Integer);
      procedure Pop_Accept_End (V : in Integer);
      procedure Pop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Pop_Queue (V : out Integer);
      entry Flip_Held (S : out Boolean);
      procedure Flip_Woken (S : in Boolean);
      procedure Flip_Take (S : out Boolean);
      procedure Flip_Accept_End (S : in Boolean);
      procedure Flip_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Flip_Queue (S : out Boolean);
      procedure Close;
   private
      entry Select_Wait
        (Order : Stack_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Stack_Alternative);
      function Queued (Alternative : Stack_Alternative) return Boolean;
      function Position_Of (Alternative : Stack_Alternative) return Natural;
      Armed_List : Stack_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Stack_Entry := Stack_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Push_Armed : Boolean := False;
      Push_V : Integer;
      Push_Done : Boolean := False;
      Push_Raised : Boolean := False;
      Push_Failure : Ada.Exceptions.Exception_Occurrence;
      Pop_Armed : Boolean := False;
      Pop_V : Integer;
      Pop_Done : Boolean := False;
      Pop_Raised : Boolean := False;
      Pop_Failure : Ada.Exceptions.Exception_Occurrence;
      Flip_Armed : Boolean := False;
      Flip_S : Boolean;
      Flip_Done : Boolean := False;
      Flip_Raised : Boolean := False;
      Flip_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Stack_Agent (Self => Stack_Rendezvous'Unchecked_Access);
   end Stack_Rendezvous;
   --  rdv2po: task type Stack became this protected type; each call goes on to
   --  its Stack_Rendezvous (general scheme)
   protected type Stack is
      entry Push (V : Integer);
      entry Pop (V : out Integer);
      entry Flip (S : out Boolean);
   private
      Rendezvous : Stack_Rendezvous;
      --  the barrier of every entry: GNAT 12 crashes on 'when True' in a
      --  protected type holding a task (gnat_to_gnu_entity)
      Passing : Boolean := True;
   end Stack;
end Stacks;
