--  Conditional and timed calls of a logger the caller-runs scheme takes: the
--  select applies to taking the logger's turn only (a guard closes Log while
--  the logger is held); a conditional call after the logger completed raises
--  Tasking_Error.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Logger is
      entry Log (Msg : String);
      entry Hold;
      entry Stop;
   end Logger;

   task body Logger is
      Count : Natural := 0;
      Running : Boolean := True;
      Held : Boolean := False;
   begin
      while Running loop
         select
            when not Held =>
               accept Log (Msg : String) do
                  Put_Line ("log: " & Msg);
               end Log;
               Count := Count + 1;
         or
            accept Hold do
               Put_Line ("hold");
            end Hold;
            Held := not Held;
         or
            accept Stop;
            Running := False;
         end select;
      end loop;
      Put_Line ("logged" & Natural'Image (Count));
   end Logger;
begin
   Logger.Log ("one");
   loop   --  the logger may not be back at its select yet: retried until taken
      select
         Logger.Log ("two");
         Put_Line ("two taken");
         exit;
      else
         null;
      end select;
   end loop;
   Logger.Hold;
   select
      Logger.Log ("three");
      Put_Line ("three taken");
   else
      Put_Line ("three refused");
   end select;
   select
      Logger.Log ("four");
   or
      delay 0.05;
      Put_Line ("four timed out");
   end select;
   Logger.Hold;
   select
      Logger.Log (Msg => "five");
      Put_Line ("five taken");
   or
      delay 0.5;
      Put_Line ("five timed out");
   end select;
   Logger.Stop;
   begin
      Logger.Hold;   --  never taken: Tasking_Error once the logger has completed
   exception
      when Tasking_Error => null;
   end;
   begin
      select
         Logger.Log ("six");
      else
         Put_Line ("six refused");
      end select;
   exception
      when Tasking_Error => Put_Line ("six: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
