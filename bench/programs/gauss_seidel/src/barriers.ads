--  The barrier server: every worker calls Arrive and then Leave after
--  each colour phase.  Leave opens only when all Workers have arrived;
--  Arrive stays closed until the last of them has left, so a fast worker
--  cannot overtake into the next phase.

package Barriers is

   task Barrier is
      entry Arrive;
      entry Leave;
   end Barrier;

end Barriers;
