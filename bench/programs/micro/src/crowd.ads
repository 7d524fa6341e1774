--  The client tasks of the micro-benchmarks.  A Null_Task does nothing
--  (create/terminate).  A Caller calls Servers.Counter.Bump Calls times.
--  A Passer calls Cells.Baton.Ping (or Pong) Calls times.  Callers and
--  passers count the calls they completed, so Main notices one that died.

package Crowd is

   task type Null_Task;

   task type Caller is
      entry Start (Calls : Positive);
      entry Finish (Done : out Natural);
   end Caller;

   type Side is (Ping_Side, Pong_Side);

   task type Passer is
      entry Start (Calls : Positive; Which : Side);
      entry Finish (Done : out Natural);
   end Passer;

end Crowd;
