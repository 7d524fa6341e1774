--  A bounded buffer of capacity 10 implemented as an accepting server
--  (the producer/consumer application of the paper's evaluation).

package Buffers is

   Capacity : constant := 10;

   --  rdv2po: task Buffer became this protected object; its calls go on to
   --  Buffer_Rendezvous and its code runs in the task Buffer_Agent, both in
   --  the package body (general scheme)
   protected Buffer is
      entry Put (X : in Integer);
      entry Get (X : out Integer);
   end Buffer;

end Buffers;
