--  A job board: jobs are posted and later finished.  Quit reports the sum
--  of the finished jobs and ends the server, but only once no posted job
--  is pending; as a safety cap the server also stops after Max_Requests
--  requests.

with Ada.Exceptions;
package Job_Board is

   Max_Requests : constant := 10_000;

   type Jobs_Entry is (Jobs_No_Entry, Jobs_Post, Jobs_Finish, Jobs_Quit);
   type Jobs_Alternative is record
      Id : Jobs_Entry := Jobs_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Jobs_Alternative_List is array (Positive range <>) of Jobs_Alternative;
   --  rdv2po: task Jobs became this protected object; its code runs in the
   --  task Jobs_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Jobs is
      entry Post (Job : in Positive);
      entry Finish (Job : in Positive);
      --  open while a job is pending
      entry Quit (Final : out Integer; Still_Pending : out Natural);
      --  rdv2po: the rendezvous protocol, for Jobs_Agent
      entry Select_Arm
        (Order : Jobs_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Post_Take (Job : out Positive);
      procedure Post_Accept_End;
      procedure Post_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Post_Queue (Job : in Positive);
      procedure Finish_Take (Job : out Positive);
      procedure Finish_Accept_End;
      procedure Finish_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Finish_Queue (Job : in Positive);
      procedure Quit_Take (Final : out Integer; Still_Pending : out Natural);
      procedure Quit_Accept_End
        (Final : in Integer;
         Still_Pending : in Natural);
      procedure Quit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Quit_Queue (Final : out Integer; Still_Pending : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Jobs_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Jobs_Alternative);
      function Queued (Alternative : Jobs_Alternative) return Boolean;
      function Position_Of (Alternative : Jobs_Alternative) return Natural;
      Armed_List : Jobs_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Jobs_Entry := Jobs_No_Entry;
      Closed : Boolean := False;
      Post_Armed : Boolean := False;
      Post_Job : Positive;
      Post_Done : Boolean := False;
      Post_Raised : Boolean := False;
      Post_Failure : Ada.Exceptions.Exception_Occurrence;
      Finish_Armed : Boolean := False;
      Finish_Job : Positive;
      Finish_Done : Boolean := False;
      Finish_Raised : Boolean := False;
      Finish_Failure : Ada.Exceptions.Exception_Occurrence;
      Quit_Armed : Boolean := False;
      Quit_Final : Integer;
      Quit_Still_Pending : Natural;
      Quit_Done : Boolean := False;
      Quit_Raised : Boolean := False;
      Quit_Failure : Ada.Exceptions.Exception_Occurrence;
   end Jobs;
   task Jobs_Agent is
      --  rdv2po: general scheme agent of Jobs
   end Jobs_Agent;

end Job_Board;
