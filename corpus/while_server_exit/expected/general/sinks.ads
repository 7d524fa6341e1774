--  A sink that takes values while their sum stays under Limit * Cap.
with Ada.Exceptions;
package Sinks is

   type W_Rendezvous;
   type W_Entry is (W_No_Entry, W_Start, W_Put, W_Quit);
   type W_Alternative is record
      Id : W_Entry := W_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type W_Alternative_List is array (Positive range <>) of W_Alternative;
   task type W_Agent (Self : not null access W_Rendezvous; Cap : Natural) is
      --  rdv2po: general scheme agent of W_Rendezvous
   end W_Agent;
   --  rdv2po: the rendezvous of task type W, whose code runs in W_Agent, a
   --  component of it; clients call W, below (general scheme: each rendezvous
   --  goes through the object)
   protected type W_Rendezvous (Cap : Natural) is
      entry Start (N : Natural);
      entry Put (X : Integer; Ok : out Boolean);
      entry Quit;
      --  rdv2po: the rendezvous protocol, for W_Agent
      entry Select_Arm
        (Order : W_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Accept_Begin (N : out Natural);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (N : in Natural);
      procedure Put_Take (X : out Integer; Ok : out Boolean);
      procedure Put_Accept_End (Ok : in Boolean);
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer; Ok : out Boolean);
      procedure Quit_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : W_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : W_Alternative);
      function Queued (Alternative : W_Alternative) return Boolean;
      function Position_Of (Alternative : W_Alternative) return Natural;
      Armed_List : W_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : W_Entry := W_No_Entry;
      Closed : Boolean := False;
      Start_N : Natural;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Ok : Boolean;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Quit_Armed : Boolean := False;
      Agent : W_Agent (Self => W_Rendezvous'Unchecked_Access, Cap => Cap);
   end W_Rendezvous;
   --  rdv2po: task type W became this protected type; each call goes on to its
   --  W_Rendezvous (general scheme)
   protected type W (Cap : Natural) is
      entry Start (N : Natural);
      entry Put (X : Integer; Ok : out Boolean);
      entry Quit;
   private
      Rendezvous : W_Rendezvous (Cap => Cap);
      --  the barrier of every entry: GNAT 12 crashes on 'when True' in a
      --  protected type holding a task (gnat_to_gnu_entity)
      Passing : Boolean := True;
   end W;

end Sinks;
