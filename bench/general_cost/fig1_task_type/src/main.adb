--  Paper Figure 1 (a): clients take the resource in mutual exclusion.
--  Prints the counter (the result) and, last, the time of the whole
--  exchange, measured inside the program.

with Ada.Real_Time; use Ada.Real_Time;
with Ada.Text_IO;   use Ada.Text_IO;
with Resources;     use Resources;

procedure Main is

   task type Client;

   task body Client is
   begin
      for I in 1 .. Rounds loop
         Resource.Acquire;
         Counter := Counter + 1;
         Resource.Release;
      end loop;
   end Client;

   Start   : constant Time := Clock;
   Elapsed : Time_Span;

begin
   declare
      Crowd : array (1 .. Clients) of Client;
      pragma Unreferenced (Crowd);
   begin
      null;
   end;
   Elapsed := Clock - Start;
   Put_Line ("counter" & Natural'Image (Counter));
   Put_Line (if Counter = Clients * Rounds then "PASSED" else "FAILED");
   Put_Line ("time" & Duration'Image (To_Duration (Elapsed)));
end Main;
