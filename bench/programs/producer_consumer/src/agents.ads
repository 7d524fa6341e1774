--  The clients of the buffer: a producer and a consumer.  Main creates
--  one of each and tells them how many items to move with Start (and
--  whether the consumer prints every item it gets); the producer says how
--  many items it sent with Finish, the consumer hands its results back
--  with Done.  Main calls both, so a task that died early is noticed.

package Agents is

   --  The I-th item produced (I = 1, 2, ...).
   function Item (I : Positive) return Integer is (I * 7 mod 1000);

   --  Order-sensitive checksum step.
   function Step (C : Long_Integer; X : Integer) return Long_Integer is
     ((C * 31 + Long_Integer (X)) mod 1_000_003);

   task type Producer is
      entry Start (Items : in Positive);
      entry Finish (Sent : out Natural);
   end Producer;

   task type Consumer is
      entry Start (Items : in Positive; Print : in Boolean);
      entry Done (Count : out Natural;
                  Sum : out Long_Integer;
                  Checksum : out Long_Integer);
   end Consumer;

end Agents;
