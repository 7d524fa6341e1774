--  The server tasks of the micro-benchmarks: the ones the server scheme
--  turns into protected objects.  Echo accepts an empty Call (the paper's
--  entry/accept pair, ACES tk_lf03); Counter accepts Bump from several
--  callers at once (the contention case ACES lacks) and reports its sum.

package Servers is

   task Echo is
      entry Call;
   end Echo;

   task Counter is
      entry Bump (By : Positive);
      entry Total (Sum : out Natural);
   end Counter;

end Servers;
