--  The bounded buffer: a server task holding at most Capacity items in a
--  circular array.  Put blocks while the buffer is full, Get while it is
--  empty.

package Buffers is

   Capacity : constant := 10;

   type Item_Array is array (1 .. Capacity) of Integer;

   task Buffer is
      entry Put (X : in Integer);
      entry Get (X : out Integer);
   end Buffer;

end Buffers;
