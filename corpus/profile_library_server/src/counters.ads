--  A tally kept by a library-level server task: the program a Jorvik
--  migration starts from.

package Counters is

   task Tally is
      entry Add (N : Natural);
      entry Total (T : out Natural);
   end Tally;

end Counters;
