--  A bounded buffer of capacity 10 implemented as an accepting server
--  (the producer/consumer application of the paper's evaluation).

package Buffers is

   Capacity : constant := 10;

   task Buffer is
      entry Put (X : in Integer);
      entry Get (X : out Integer);
   end Buffer;

end Buffers;
