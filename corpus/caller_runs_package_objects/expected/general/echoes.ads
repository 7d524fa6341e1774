with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
package Echoes is
   --  Waits at Start without a terminate alternative: the master of each
   --  object waits for it, so the translation must know where each object
   --  is activated.
   type Echo_Rendezvous;
   type Echo_Entry is (Echo_No_Entry, Echo_Start, Echo_Put);
   type Echo_Start_Tag_Access is access String;
   procedure Free_Start_Tag is new Ada.Unchecked_Deallocation
     (String,
      Echo_Start_Tag_Access);
   type Echo_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Echo_Put_S_Access);
   type Echo_Alternative is record
      Id : Echo_Entry := Echo_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Echo_Alternative_List is array (Positive range <>) of Echo_Alternative;
   task type Echo_Agent (Self : not null access Echo_Rendezvous) is
      --  rdv2po: general scheme agent of Echo_Rendezvous
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Echo_Agent;
   --  rdv2po: the rendezvous of task type Echo, whose code runs in Echo_Agent,
   --  a component of it; clients call Echo, below (general scheme: each
   --  rendezvous goes through the object)
   protected type Echo_Rendezvous is
      entry Start (Tag : String);
      entry Put (S : String);
      --  rdv2po: the rendezvous protocol, for Echo_Agent
      entry Select_Arm
        (Order : Echo_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Accept_Begin;
      function Start_Tag_Value return String;
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Tag : in String);
      entry Put_Held (S : String);
      procedure Put_Woken (S : in String);
      procedure Put_Take;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Echo_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Echo_Alternative);
      function Queued (Alternative : Echo_Alternative) return Boolean;
      function Position_Of (Alternative : Echo_Alternative) return Natural;
      Armed_List : Echo_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Echo_Entry := Echo_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Start_Tag : Echo_Start_Tag_Access;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Put_Armed : Boolean := False;
      Put_S : Echo_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Echo_Agent (Self => Echo_Rendezvous'Unchecked_Access);
   end Echo_Rendezvous;
   --  rdv2po: task type Echo became this protected type; each call goes on to
   --  its Echo_Rendezvous (general scheme)
   protected type Echo is
      entry Start (Tag : String);
      entry Put (S : String);
   private
      Rendezvous : Echo_Rendezvous;
      --  the barrier of every entry: GNAT 12 crashes on 'when True' in a
      --  protected type holding a task (gnat_to_gnu_entity)
      Passing : Boolean := True;
   end Echo;
end Echoes;
