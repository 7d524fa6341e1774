--  Two clients log readings; Main reads the summary, then logs a bad
--  reading (Constraint_Error in Main, and the meter's task-level handler
--  ends the meter), then asks for the summary again (Tasking_Error).
--  Main waits until the meter has terminated before it reads Failures.

with Ada.Exceptions; use Ada.Exceptions;
with Ada.Text_IO;    use Ada.Text_IO;
with Meters;         use Meters;

procedure Main is

   Readings : constant := 40;

   procedure Run_Clients is

      task type Client (Offset : Natural);

      task body Client is
      begin
         for I in 1 .. Readings loop
            Meter.Log (Offset + I);
         end loop;
      end Client;

      C1 : Client (0);
      C2 : Client (500);
      pragma Unreferenced (C1, C2);
   begin
      null;  --  returns when both clients have terminated
   end Run_Clients;

   Sum    : Integer := 0;
   Count  : Natural := 0;
   Peak   : Integer := 0;
   Events : Natural := 0;

begin
   Run_Clients;
   Meter.Summary (Sum, Count, Peak);
   Put_Line ("Count:" & Natural'Image (Count));
   Put_Line ("Sum  :" & Integer'Image (Sum));
   Put_Line ("Peak :" & Integer'Image (Peak));

   begin
      Meter.Log (-5);
      Put_Line ("Log (-5): accepted");
   exception
      when E : Constraint_Error =>
         Put_Line ("Log (-5): " & Exception_Name (E));
         Events := Events + 1;
   end;

   begin
      Meter.Summary (Sum, Count, Peak);
      Put_Line ("Summary: accepted");
   exception
      when E : Tasking_Error =>
         Put_Line ("Summary: " & Exception_Name (E));
         Events := Events + 1;
   end;

   --  The late call raised Tasking_Error: the meter is completed, so its
   --  handler has run.
   Put_Line ("Failures:" & Natural'Image (Failures));

   if Count = 2 * Readings
     and then Sum = 2 * (Readings * (Readings + 1) / 2) + 500 * Readings
     and then Peak = 500 + Readings
     and then Events = 2
     and then Failures = 1
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
