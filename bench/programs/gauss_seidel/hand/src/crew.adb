--  Hand-written version (bench column "Hand-written"): the calling server
--  Setup as the protected object the workers call for their band, and the
--  workers meeting at the hand-written barrier with one call per colour
--  phase (hand/src/barriers.ads says why).  It replaces src/crew.adb;
--  crew.ads and Main are unchanged.

with Barriers;
with Grids;

package body Crew is

   procedure Run is

      task type Worker;

      Pool : array (1 .. Config.Workers) of Worker;

      --  Setup's work: each worker takes the next band when it starts.
      --  Nothing ever waits here, so Start is a protected procedure; the
      --  bands go out in the order the workers ask, since nothing in the
      --  program can tell which worker got which band.
      protected Setup is
         procedure Start (Id : out Positive; First_Row, Last_Row : out Positive);
      private
         Next : Positive := 1;
      end Setup;

      protected body Setup is

         procedure Start (Id : out Positive; First_Row, Last_Row : out Positive)
         is
         begin
            Id := Next;
            First_Row := (Next - 1) * Config.Rows_Per_Worker + 1;
            Last_Row := Next * Config.Rows_Per_Worker;
            Next := Next + 1;
         end Start;

      end Setup;

      task body Worker is
         Me    : Positive;
         First : Positive;
         Last  : Positive;
      begin
         Setup.Start (Me, First, Last);
         Started (Me) := Ada.Real_Time.Clock;
         Switches_Started (Me) := Bench_Support.Switches;
         for K in 1 .. Grids.Iterations loop
            for C in Grids.Colour loop
               Grids.Relax (First, Last, C);
               Barriers.Barrier.Wait;
            end loop;
            Completed (Me) := K;
         end loop;
         Finished (Me) := Ada.Real_Time.Clock;
         Switches_Finished (Me) := Bench_Support.Switches;
      end Worker;

   begin
      null;   --  Run's tasks are its dependents: it returns when they have ended
   end Run;

end Crew;
