--  The workers and their calling server.  Run declares 16 worker tasks and
--  the calling server Setup, which hands every worker its band of rows
--  with one Start call each; each worker then runs Grids.Iterations
--  red/black iterations over its band, meeting the others at the Barrier
--  after every colour phase.  Run returns when every worker has finished.
--  Workers stamp the time and the process's context-switch count when they
--  received Start and when they finished (for the measurement lines Main
--  prints on standard error), and count the iterations they completed, so
--  that Main notices a worker that died early (a task's unhandled
--  exception ends it silently).

with Ada.Real_Time;
with Bench_Support;
with Config;

package Crew is

   procedure Run;

   type Stamp_Array is array (1 .. Config.Workers) of Ada.Real_Time.Time;

   type Switch_Array is array (1 .. Config.Workers) of
     Bench_Support.Switch_Count;

   type Count_Array is array (1 .. Config.Workers) of Natural;

   Started  : Stamp_Array;
   Finished : Stamp_Array;

   Switches_Started  : Switch_Array := (others => 0);
   Switches_Finished : Switch_Array := (others => 0);

   Completed : Count_Array := (others => 0);   --  iterations, per worker

end Crew;
