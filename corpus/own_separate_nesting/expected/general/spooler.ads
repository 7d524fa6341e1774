--  A print spooler in a package, its task body a subunit (separate);
--  plus tasks declared in a subprogram (called twice) and in a declare
--  block, all printing through the spooler in a fixed order.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
package Spooler is
   type Queue_Entry is (Queue_No_Entry, Queue_Submit, Queue_Flush);
   type Queue_Submit_Job_Access is access String;
   procedure Free_Submit_Job is new Ada.Unchecked_Deallocation
     (String,
      Queue_Submit_Job_Access);
   type Queue_Alternative is record
      Id : Queue_Entry := Queue_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Queue_Alternative_List is array (Positive range <>) of Queue_Alternative;
   --  rdv2po: task Queue became this protected object; its code runs in the
   --  task Queue_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Queue is
      entry Submit (Job : String; Pages : Positive := 1);
      entry Flush (Jobs, Pages : out Natural);
      --  rdv2po: the rendezvous protocol, for Queue_Agent
      entry Select_Arm
        (Order : Queue_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Submit_Held (Job : String; Pages : Positive := 1);
      procedure Submit_Woken (Job : in String; Pages : in Positive);
      procedure Submit_Take (Pages : out Positive);
      function Submit_Job_Value return String;
      procedure Submit_Accept_End;
      procedure Submit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Submit_Queue (Job : in String; Pages : in Positive);
      entry Flush_Held (Jobs, Pages : out Natural);
      procedure Flush_Woken (Jobs : in Natural; Pages : in Natural);
      procedure Flush_Take (Jobs : out Natural; Pages : out Natural);
      procedure Flush_Accept_End (Jobs : in Natural; Pages : in Natural);
      procedure Flush_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Flush_Queue (Jobs : out Natural; Pages : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Queue_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
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
      Submit_Armed : Boolean := False;
      Submit_Job : Queue_Submit_Job_Access;
      Submit_Pages : Positive;
      Submit_Done : Boolean := False;
      Submit_Raised : Boolean := False;
      Submit_Failure : Ada.Exceptions.Exception_Occurrence;
      Flush_Armed : Boolean := False;
      Flush_Jobs : Natural;
      Flush_Pages : Natural;
      Flush_Done : Boolean := False;
      Flush_Raised : Boolean := False;
      Flush_Failure : Ada.Exceptions.Exception_Occurrence;
   end Queue;
   task Queue_Agent is
      --  rdv2po: general scheme agent of Queue
      entry Wake_1 (Positive range 1 .. 2)
        (Value_1 : in String; Value_2 : in Positive);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Natural; Value_2 : out Natural);
   end Queue_Agent;
end Spooler;
