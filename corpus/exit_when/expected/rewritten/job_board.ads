--  A job board: jobs are posted and later finished.  Quit reports the sum
--  of the finished jobs and ends the server, but only once no posted job
--  is pending; as a safety cap the server also stops after Max_Requests
--  requests.

package Job_Board is

   Max_Requests : constant := 10_000;

   protected Jobs is
      procedure Post (Job : in Positive);
      entry Finish (Job : in Positive);      --  open while a job is pending
      procedure Quit (Final : out Integer; Still_Pending : out Natural);
   private
      --  rdv2po: task Jobs became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Pending  : Natural := 0;
      Posted   : Integer := 0;
      Done_Sum : Integer := 0;
      Requests : Natural := 0;
   end Jobs;

end Job_Board;
