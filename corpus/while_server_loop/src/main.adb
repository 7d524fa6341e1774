--  Main logs, reads the total, stops the logger and calls it once more
--  (Tasking_Error: it has left its loop); ticks the counter past its limit;
--  pings a server whose loop never ran.

with Ada.Text_IO; use Ada.Text_IO;
with Servers;     use Servers;

procedure Main is
   T : Integer;
   N : Natural;
begin
   for I in 1 .. 5 loop
      Logger.Log (I);
   end loop;
   Logger.Total (T);
   Put_Line ("total" & Integer'Image (T));
   Logger.Stop;
   begin
      Logger.Log (1);
      Put_Line ("late log accepted");
   exception
      when Tasking_Error => Put_Line ("late log: Tasking_Error");
   end;
   for I in 1 .. 4 loop
      begin
         Counter.Tick (N);
         Put_Line ("tick" & Natural'Image (N));
      exception
         when Tasking_Error => Put_Line ("tick" & Integer'Image (I) & ": Tasking_Error");
      end;
   end loop;
   begin
      Never.Ping;
      Put_Line ("ping accepted");
   exception
      when Tasking_Error => Put_Line ("ping: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
