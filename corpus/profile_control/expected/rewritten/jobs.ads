--  A job log kept by a server, and a task that only spins until aborted.

package Jobs is

   protected Log is
      procedure Note (Id : Positive);
      procedure Last (Id : out Natural);
   private
      --  rdv2po: task Log became this protected object. Ended: the task has
      --  ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Latest : Natural := 0;
   end Log;

   task Spinner;

   Spins : Natural := 0;
   pragma Atomic (Spins);

end Jobs;
