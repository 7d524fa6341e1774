with Ada.Text_IO; use Ada.Text_IO;
with Messages; use Messages;
with Mailboxes; use Mailboxes;
with Router;
procedure Main is
   Sums : array (Client_Id) of Integer := (others => 0);
   Senders : array (Client_Id) of Integer := (others => 0);
   task type Receiver (Me : Client_Id; Expect : Natural);
   task body Receiver is
      M : Message;
   begin
      for I in 1 .. Expect loop
         Boxes (Me).Get (M);
         Sums (Me) := Sums (Me) * 3 + M.Payload;
         Senders (Me) := Senders (Me) * 10 + Integer (M.From);
      end loop;
   end Receiver;
   N : Natural;
begin
   for I in 1 .. 3 loop
      Router.Broadcast (1, I);
   end loop;
   Router.Send (2, 3, 100);
   Boxes (3).Pending (N);
   Put_Line ("pending 3:" & Natural'Image (N));
   declare
      R2 : Receiver (2, 5);
      R3 : Receiver (3, 6);
   begin
      Router.Send (3, 2, 7);
      Router.Send (1, 2, 8);
      Router.Send (1, 3, 9);
      Router.Send (2, 3, 10);
   end;
   for C in Client_Id loop
      Put_Line (Client_Id'Image (C) & Integer'Image (Sums (C)) & Integer'Image (Senders (C)));
   end loop;
   Put_Line ("PASSED");
end Main;
