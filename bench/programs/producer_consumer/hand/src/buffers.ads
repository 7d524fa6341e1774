--  Hand-written version (bench column "Hand-written"): the bounded buffer as
--  the protected object an Ada programmer would write, with the barriers
--  on the buffer's state.  It replaces src/buffers.ads and src/buffers.adb;
--  the clients are unchanged.

package Buffers is

   Capacity : constant := 10;

   type Item_Array is array (1 .. Capacity) of Integer;

   protected Buffer is
      entry Put (X : in Integer);
      entry Get (X : out Integer);
   private
      Items : Item_Array := (others => 0);
      Head  : Positive := 1;
      Tail  : Positive := 1;
      Count : Natural := 0;
   end Buffer;

end Buffers;
