--  The protected objects of the micro-benchmarks (ACES pt_po04 .. pt_po06):
--  a function, a procedure and an entry whose barrier is open, called by
--  one task, so no call ever waits; and Baton, whose two entries open in
--  turn, so that two tasks passing it back and forth wait on every call
--  (the protected counterpart of a rendezvous, with its context switch).

package Cells is

   protected Cell is
      function Get return Natural;
      procedure Put (X : Natural);
      entry Take (X : out Natural);
   private
      Value : Natural := 0;
      Ready : Boolean := True;
   end Cell;

   protected Baton is
      entry Ping;
      entry Pong;
      function Passes return Natural;
   private
      Pinged : Boolean := False;
      Count  : Natural := 0;
   end Baton;

end Cells;
