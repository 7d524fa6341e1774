--  A logging server whose loop is 'while True loop': the same loop as a plain
--  'loop', whose test is known without running the task.  The accept body
--  prints, so the caller-runs scheme runs it in the caller.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   task Log is
      entry Write (S : String);
   end Log;

   task body Log is
      Lines : Natural := 0;
   begin
      while True loop
         select
            accept Write (S : String) do
               Lines := Lines + 1;
               Put_Line ("log" & Natural'Image (Lines) & ": " & S);
            end Write;
         or
            terminate;
         end select;
      end loop;
   end Log;

begin
   Log.Write ("one");
   Log.Write ("two");
   Put_Line ("PASSED");
end Main;
