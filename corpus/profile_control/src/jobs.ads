--  A job log kept by a server, and a task that only spins until aborted.

package Jobs is

   task Log is
      entry Note (Id : Positive);
      entry Last (Id : out Natural);
   end Log;

   task Spinner;

   Spins : Natural := 0;
   pragma Atomic (Spins);

end Jobs;
