--  A tally kept by a library-level server task: the program a Jorvik
--  migration starts from.

package Counters is

   --  rdv2po: task Tally became this protected object; its calls go on to
   --  Tally_Rendezvous and its code runs in the task Tally_Agent, both in the
   --  package body (general scheme)
   protected Tally is
      entry Add (N : Natural);
      entry Total (T : out Natural);
   end Tally;

end Counters;
