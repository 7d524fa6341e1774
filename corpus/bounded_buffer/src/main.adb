--  One producer and one consumer exchange Items values through the bounded
--  buffer task; the consumer computes a sum and an order-sensitive checksum.

with Ada.Text_IO; use Ada.Text_IO;
with Buffers;

procedure Main is

   Items   : constant := 2_000;
   Modulus : constant := 1_000_003;

   --  Results of the consumer, read by Main after the consumer terminated
   Sum      : Long_Integer := 0;
   Checksum : Long_Integer := 0;
   Received : Natural := 0;
   In_Order : Boolean := True;

   function Item (I : Positive) return Integer is ((I * 37) mod 1_000 - 500);

   --  The producer and the consumer are local to Exchange, so a call of
   --  Exchange returns only after both have terminated.
   procedure Exchange is

      task Producer;
      task Consumer;

      task body Producer is
      begin
         for I in 1 .. Items loop
            Buffers.Buffer.Put (Item (I));
         end loop;
      end Producer;

      task body Consumer is
         X : Integer;
      begin
         for I in 1 .. Items loop
            Buffers.Buffer.Get (X);
            if X /= Item (I) then
               In_Order := False;
            end if;
            Sum := Sum + Long_Integer (X);
            Checksum := (Checksum * 31 + Long_Integer (X) + 500) mod Modulus;
            Received := Received + 1;
         end loop;
      end Consumer;

   begin
      null;
   end Exchange;

   Expected_Sum : Long_Integer := 0;

begin
   Exchange;

   for I in 1 .. Items loop
      Expected_Sum := Expected_Sum + Long_Integer (Item (I));
   end loop;

   Put_Line ("Capacity:" & Integer'Image (Buffers.Capacity));
   Put_Line ("Received:" & Natural'Image (Received));
   Put_Line ("Sum     :" & Long_Integer'Image (Sum));
   Put_Line ("Checksum:" & Long_Integer'Image (Checksum));
   Put_Line ("In order: " & Boolean'Image (In_Order));
   if Received = Items and then Sum = Expected_Sum and then In_Order then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
