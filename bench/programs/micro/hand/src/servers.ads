--  Hand-written version (bench column "Hand-written"): the two servers as
--  the protected objects an Ada programmer would write.  Neither call ever
--  has to wait for anything, so both are protected procedures: no barrier
--  to evaluate, no entry queue to look at, no task.  Total only reads, but
--  it stays a procedure so that the caller's "Counter.Total (Sum);" is
--  unchanged.  It replaces src/servers.ads and src/servers.adb; the
--  callers are unchanged.

package Servers is

   protected Echo is
      procedure Call;
   end Echo;

   protected Counter is
      procedure Bump (By : Positive);
      procedure Total (Sum : out Natural);
   private
      Count : Natural := 0;
   end Counter;

end Servers;
