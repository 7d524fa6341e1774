--  Hand-written version (bench column "Hand-written"): the barrier as the
--  protected object an Ada programmer would write (the Ada 95 Rationale's
--  barrier), with one call per colour phase instead of the task's Arrive
--  and Leave.  A worker's call waits until Workers calls are queued; the
--  last one opens the barrier, and the whole crew is released in that
--  one protected action (each released call sets Releasing for the rest,
--  the last one closes it again), so no worker can get ahead into the
--  next phase.  It replaces src/barriers.ads and src/barriers.adb; the
--  workers call Wait (hand/src/crew.adb).

with Config;

package Barriers is

   protected Barrier is
      entry Wait;
   private
      Releasing : Boolean := False;
   end Barrier;

   Workers : constant := Config.Workers;

end Barriers;
