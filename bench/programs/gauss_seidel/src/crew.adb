with Barriers;
with Grids;

package body Crew is

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
      for K in 1 .. Grids.Iterations loop
         for C in Grids.Colour loop
            Grids.Relax (First, Last, C);
            Barriers.Barrier.Arrive;
            Barriers.Barrier.Leave;
         end loop;
      end loop;
      Finished (Me) := Ada.Real_Time.Clock;
   end Worker;

end Crew;
