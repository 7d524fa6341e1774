--  The workers and their calling server.  Run declares 16 worker tasks and
--  the calling server Setup, which hands every worker its band of rows
--  with one Start call each; each worker then runs Grids.Iterations
--  red/black iterations over its band, meeting the others at the Barrier
--  after every colour phase.  Run returns when every worker has finished.
--  Workers stamp the time they received Start and the time they finished
--  (for the timing lines Main prints on standard error).

with Ada.Real_Time;
with Config;

package Crew is

   procedure Run;

   type Stamp_Array is array (1 .. Config.Workers) of Ada.Real_Time.Time;

   Started  : Stamp_Array;
   Finished : Stamp_Array;

end Crew;
