--  Two producers and one consumer share a protected bounded buffer.  The
--  order in which items arrive varies, but the consumer only sums them and
--  counts them; the main procedure prints after leaving the block that
--  declares the tasks, that is after all of them have terminated.

with Ada.Text_IO;
with Buffers;

procedure Main is

   Per_Producer : constant := 50;

   Buffer : Buffers.Bounded_Buffer;

   Consumed : Natural := 0;
   Sum      : Integer := 0;
   Left     : Natural := 0;

   task type Producer (Base : Integer);

   task body Producer is
   begin
      for I in 1 .. Per_Producer loop
         Buffer.Put (Base + I);
      end loop;
   end Producer;

begin
   declare
      task Consumer;

      task body Consumer is
         Item : Integer;
      begin
         for I in 1 .. 2 * Per_Producer loop
            Buffer.Get (Item);
            Sum := Sum + Item;
            Consumed := Consumed + 1;
         end loop;
      end Consumer;

      Low  : Producer (Base => 0);
      High : Producer (Base => 1_000);
      pragma Unreferenced (Low, High);
   begin
      null;
   end;
   Left := Buffer.Count;

   Ada.Text_IO.Put_Line ("Consumed:" & Natural'Image (Consumed));
   Ada.Text_IO.Put_Line ("Sum:" & Integer'Image (Sum));
   Ada.Text_IO.Put_Line ("Left in buffer:" & Natural'Image (Left));
   --  (1 + ... + 50) twice plus 50 * 1000 = 2550 + 50000
   if Consumed = 100 and then Sum = 52_550 and then Left = 0 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
