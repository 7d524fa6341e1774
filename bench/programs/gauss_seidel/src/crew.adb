with Barriers;
with Grids;

package body Crew is

   procedure Run is

      task type Worker is
         entry Start (Id : in Positive; First_Row, Last_Row : in Positive);
      end Worker;

      Pool : array (1 .. Config.Workers) of Worker;

      --  The calling server: its whole body is one loop of Start calls.
      task Setup;

      task body Worker is
         Me    : Positive;
         First : Positive;
         Last  : Positive;
      begin
         accept Start (Id : in Positive; First_Row, Last_Row : in Positive) do
            Me := Id;
            First := First_Row;
            Last := Last_Row;
         end Start;
         Started (Me) := Ada.Real_Time.Clock;
         Switches_Started (Me) := Bench_Support.Switches;
         for K in 1 .. Grids.Iterations loop
            for C in Grids.Colour loop
               Grids.Relax (First, Last, C);
               Barriers.Barrier.Arrive;
               Barriers.Barrier.Leave;
            end loop;
            Completed (Me) := K;
         end loop;
         Finished (Me) := Ada.Real_Time.Clock;
         Switches_Finished (Me) := Bench_Support.Switches;
      end Worker;

      task body Setup is
      begin
         for I in 1 .. Config.Workers loop
            Pool (I).Start (I, (I - 1) * Config.Rows_Per_Worker + 1,
                            I * Config.Rows_Per_Worker);
         end loop;
      end Setup;

   begin
      null;   --  Run's tasks are its dependents: it returns when they have ended
   end Run;

end Crew;
