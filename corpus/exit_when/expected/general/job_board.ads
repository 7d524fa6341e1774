--  A job board: jobs are posted and later finished.  Quit reports the sum
--  of the finished jobs and ends the server, but only once no posted job
--  is pending; as a safety cap the server also stops after Max_Requests
--  requests.

package Job_Board is

   Max_Requests : constant := 10_000;

   --  rdv2po: task Jobs became this protected object; its calls go on to
   --  Jobs_Rendezvous and its code runs in the task Jobs_Agent, both in the
   --  package body (general scheme)
   protected Jobs is
      entry Post (Job : in Positive);
      entry Finish (Job : in Positive);
      --  open while a job is pending
      entry Quit (Final : out Integer; Still_Pending : out Natural);
   end Jobs;

end Job_Board;
