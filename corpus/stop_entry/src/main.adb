--  Clients add to the accumulator and finish; Main reads the total, stops
--  the server with Stop and then calls it once more: since the server has
--  left its loop, that call raises Tasking_Error in Main.

with Ada.Text_IO;  use Ada.Text_IO;
with Accumulators; use Accumulators;

procedure Main is

   Num_Clients : constant := 3;
   Calls_Each  : constant := 100;

   task type Client;

   task body Client is
   begin
      for I in 1 .. Calls_Each loop
         Accumulator.Add (I);
      end loop;
      --  ... and the client stops calling
   end Client;

   Total : Integer;
   Count : Natural;
   Late_Call_Failed : Boolean := False;

begin
   declare
      Clients : array (1 .. Num_Clients) of Client;
      pragma Unreferenced (Clients);
   begin
      null;  --  wait until every client has terminated
   end;

   Accumulator.Get (Total, Count);
   Put_Line ("Count:" & Natural'Image (Count));
   Put_Line ("Total:" & Integer'Image (Total));

   Accumulator.Stop;
   Put_Line ("Stop accepted");

   --  The server has left its loop: it is completed (or about to be),
   --  so this call raises Tasking_Error (immediately or once the server
   --  completes with the call still queued).
   begin
      Accumulator.Add (1_000);
      Put_Line ("late call accepted");
   exception
      when Tasking_Error =>
         Put_Line ("Tasking_Error raised");
         Late_Call_Failed := True;
   end;

   if Count = Num_Clients * Calls_Each
     and then Total = Num_Clients * (Calls_Each * (Calls_Each + 1) / 2)
     and then Late_Call_Failed
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
