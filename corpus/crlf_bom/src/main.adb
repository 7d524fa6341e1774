--  Four clients increment the counter (whose sources are CRLF + BOM +
--  UTF-8 comments); Main reads the value once they have all finished.

with Ada.Text_IO; use Ada.Text_IO;
with Counters;    use Counters;

procedure Main is

   Num_Clients : constant := 4;
   Calls_Each  : constant := 25;

   task type Client is
      entry Start (Step : in Positive);
   end Client;

   task body Client is
      By : Positive;
   begin
      accept Start (Step : in Positive) do
         By := Step;
      end Start;
      for I in 1 .. Calls_Each loop
         Counter.Increment (By);
      end loop;
   end Client;

   V     : Natural;
   Calls : Natural;

begin
   declare
      Clients : array (1 .. Num_Clients) of Client;
   begin
      for I in Clients'Range loop
         Clients (I).Start (I);
      end loop;
   end;  --  waits until every client has terminated

   Counter.Value (V, Calls);
   Put_Line ("Calls:" & Natural'Image (Calls));
   Put_Line ("Value:" & Natural'Image (V));
   if Calls = Num_Clients * Calls_Each
     and then V = Calls_Each * (Num_Clients * (Num_Clients + 1) / 2)
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
