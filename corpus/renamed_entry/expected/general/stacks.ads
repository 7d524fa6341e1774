--  A stack server task whose entries are exported as procedures through
--  renaming declarations.

with Ada.Exceptions;
package Stacks is

   Max : constant := 16;

   type Stack_Server_Entry is
     (Stack_Server_No_Entry,
      Stack_Server_Push,
      Stack_Server_Pop,
      Stack_Server_Depth);
   type Stack_Server_Alternative is record
      Id : Stack_Server_Entry := Stack_Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Stack_Server_Alternative_List is array (Positive range <>) of Stack_Server_Alternative;
   --  rdv2po: task Stack_Server became this protected object; its code runs in
   --  the task Stack_Server_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Stack_Server is
      entry Push (X : Integer);
      entry Pop (X : out Integer);
      entry Depth (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Stack_Server_Agent
      entry Select_Arm
        (Order : Stack_Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Push_Held (X : Integer);
      procedure Push_Woken (X : in Integer);
      procedure Push_Take (X : out Integer);
      procedure Push_Accept_End;
      procedure Push_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Push_Queue (X : in Integer);
      entry Pop_Held (X : out Integer);
      procedure Pop_Woken (X : in Integer);
      procedure Pop_Take (X : out Integer);
      procedure Pop_Accept_End (X : in Integer);
      procedure Pop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Pop_Queue (X : out Integer);
      entry Depth_Held (N : out Natural);
      procedure Depth_Woken (N : in Natural);
      procedure Depth_Take (N : out Natural);
      procedure Depth_Accept_End (N : in Natural);
      procedure Depth_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Depth_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Stack_Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Stack_Server_Alternative);
      function Queued (Alternative : Stack_Server_Alternative) return Boolean;
      function Position_Of (Alternative : Stack_Server_Alternative) return Natural;
      Armed_List : Stack_Server_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Stack_Server_Entry := Stack_Server_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Push_Armed : Boolean := False;
      Push_X : Integer;
      Push_Done : Boolean := False;
      Push_Raised : Boolean := False;
      Push_Failure : Ada.Exceptions.Exception_Occurrence;
      Pop_Armed : Boolean := False;
      Pop_X : Integer;
      Pop_Done : Boolean := False;
      Pop_Raised : Boolean := False;
      Pop_Failure : Ada.Exceptions.Exception_Occurrence;
      Depth_Armed : Boolean := False;
      Depth_N : Natural;
      Depth_Done : Boolean := False;
      Depth_Raised : Boolean := False;
      Depth_Failure : Ada.Exceptions.Exception_Occurrence;
   end Stack_Server;
   task Stack_Server_Agent is
      --  rdv2po: general scheme agent of Stack_Server
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Integer);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : out Natural);
   end Stack_Server_Agent;

   procedure Push (X : Integer) renames Stack_Server.Push;
   procedure Pop (X : out Integer) renames Stack_Server.Pop;

end Stacks;
