--  The twin of caller_runs_abort with a worker task that calls the printing
--  server too: the worker could be inside the server's code (printing) when
--  the main program aborts the server, which the original's abort cut short
--  (the worker got Tasking_Error) and a caller-runs package cannot; here the
--  worker has ended first, but nothing in the program proves it.  Refused.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Printer is
      entry Show (Line : String);
   end Printer;

   task body Printer is
   begin
      loop
         select
            accept Show (Line : String) do
               Put_Line ("printer: " & Line);
            end Show;
         or
            terminate;
         end select;
      end loop;
   end Printer;

   task type Helper;
   task body Helper is
   begin
      Printer.Show ("from the helper");
   end Helper;
begin
   Printer.Show ("one");
   declare
      H : Helper;
   begin
      null;
   end;
   abort Printer;
   Put_Line ("callable after abort: " & Boolean'Image (Printer'Callable));
   begin
      Printer.Show ("two");
      Put_Line ("no error");
   exception
      when Tasking_Error => Put_Line ("call after abort: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
