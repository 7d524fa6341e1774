--  A tally kept by a library-level server task: the program a Jorvik
--  migration starts from.

package Counters is

   protected Tally is
      procedure Add (N : Natural);
      procedure Total (T : out Natural);
   private
      --  rdv2po: task Tally became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Natural := 0;
   end Tally;

end Counters;
