--  Main logs, flushes, stops the logger (its Stop sets the package flag the
--  loop tests, so it leaves its loop) and calls once more: Tasking_Error.

with Ada.Text_IO; use Ada.Text_IO;
with Logs;        use Logs;

procedure Main is
   S : Integer;
begin
   Logger.Log (20);
   Logger.Log (22);
   Logger.Flush (S);
   Put_Line ("sum" & Integer'Image (S));
   Logger.Stop;
   Put_Line ("stopping " & Boolean'Image (Stopping));
   begin
      Logger.Log (1);
      Put_Line ("late log accepted");
   exception
      when Tasking_Error => Put_Line ("late log: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
