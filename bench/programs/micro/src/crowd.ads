--  The client tasks of the micro-benchmarks.  A Null_Task does nothing
--  (create/terminate).  A Caller calls Servers.Counter.Bump Calls times,
--  once Gate is open.
--  A Passer calls Cells.Baton.Ping (or Pong) Calls times.  Callers and
--  passers count the calls they completed, so Main notices one that died.

package Crowd is

   task type Null_Task;

   task type Caller is
      entry Start (Calls : Positive);
      entry Finish (Done : out Natural);
   end Caller;

   --  Started callers wait here until Main opens it, so that all of them
   --  call at once (and stay tasks: a task that makes no entry call and
   --  accepts each entry once, the server schemes run in its callers).
   protected Gate is
      entry Wait;
      procedure Open;
   private
      Opened : Boolean := False;
   end Gate;

   type Side is (Ping_Side, Pong_Side);

   task type Passer is
      entry Start (Calls : Positive; Which : Side);
      entry Finish (Done : out Natural);
   end Passer;

end Crowd;
