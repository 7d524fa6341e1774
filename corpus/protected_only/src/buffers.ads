--  A bounded buffer that is already a protected object: the program has
--  nothing left for rdv2po to translate.

package Buffers is

   Size : constant := 4;

   type Item_Array is array (1 .. Size) of Integer;

   protected type Bounded_Buffer is
      entry Put (Item : Integer);
      entry Get (Item : out Integer);
      function Count return Natural;
   private
      Items : Item_Array := (others => 0);
      Head  : Positive := 1;
      Tail  : Positive := 1;
      Held  : Natural := 0;
   end Bounded_Buffer;

end Buffers;
