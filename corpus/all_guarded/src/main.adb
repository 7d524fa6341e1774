--  Two producers and two consumers move 100 items through the buffer.
--  Each consumer checks that it sees every producer's items in order
--  (the buffer is FIFO).  Main then stops the buffer with Stop.

with Ada.Text_IO; use Ada.Text_IO;
with Buffers;     use Buffers;

procedure Main is

   Items_Each : constant := 50;   --  per producer, and per consumer

   subtype Client_Id is Positive range 1 .. 2;

   Sum       : array (Client_Id) of Integer := (others => 0);
   Out_Order : array (Client_Id) of Natural := (others => 0);

   procedure Run_Clients is

      task type Producer (Id : Client_Id);

      task body Producer is
      begin
         for I in 1 .. Items_Each loop
            Buffer.Put (Id * 1000 + I);
         end loop;
      end Producer;

      task type Consumer (Id : Client_Id);

      task body Consumer is
         Item : Integer;
         Last : array (Client_Id) of Integer := (others => 0);
      begin
         for I in 1 .. Items_Each loop
            Buffer.Get (Item);
            Sum (Id) := Sum (Id) + Item;
            if Item mod 1000 <= Last (Item / 1000) then
               Out_Order (Id) := Out_Order (Id) + 1;
            end if;
            Last (Item / 1000) := Item mod 1000;
         end loop;
      end Consumer;

      P1 : Producer (1);
      P2 : Producer (2);
      C1 : Consumer (1);
      C2 : Consumer (2);
      pragma Unreferenced (P1, P2, C1, C2);
   begin
      null;  --  returns when all producers and consumers have terminated
   end Run_Clients;

   Moved    : Natural;
   Expected : constant Integer :=
     (1000 + 2000) * Items_Each + 2 * (Items_Each * (Items_Each + 1) / 2);

begin
   Run_Clients;
   Buffer.Stop (Moved);

   Put_Line ("Moved     :" & Natural'Image (Moved));
   Put_Line ("Sum       :" & Integer'Image (Sum (1) + Sum (2)));
   Put_Line ("Disordered:" & Natural'Image (Out_Order (1) + Out_Order (2)));
   if Moved = 2 * Items_Each
     and then Sum (1) + Sum (2) = Expected
     and then Out_Order (1) + Out_Order (2) = 0
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
