--  The worker tasks.  Each is handed its band of rows once, with Start,
--  then runs Grids.Iterations red/black iterations over it, meeting the
--  others at the Barrier after every colour phase.  Workers stamp the
--  time they received Start and the time they finished (for the timing
--  lines Main prints on standard error).

with Ada.Real_Time;
with Config;

package Crew is

   task type Worker is
      entry Start (Id : in Positive; First_Row, Last_Row : in Positive);
   end Worker;

   type Worker_Pool is array (1 .. Config.Workers) of Worker;

   type Stamp_Array is array (1 .. Config.Workers) of Ada.Real_Time.Time;

   Started  : Stamp_Array;
   Finished : Stamp_Array;

end Crew;
