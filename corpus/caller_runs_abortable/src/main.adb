--  A logger the caller-runs scheme refuses: a caller logs inside the
--  abortable part of an asynchronous select; aborted while it ran the
--  logger's code, it would leave the logger's turn taken for ever.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Logger is
      entry Log (Msg : String);
   end Logger;

   task body Logger is
   begin
      loop
         select
            accept Log (Msg : String) do
               Put_Line ("log: " & Msg);
            end Log;
         or
            terminate;
         end select;
      end loop;
   end Logger;
begin
   select
      delay 5.0;
      Put_Line ("timed out");
   then abort
      Logger.Log ("inside");
   end select;
   Logger.Log ("after");
   Put_Line ("PASSED");
end Main;
