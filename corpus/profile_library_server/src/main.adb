--  The only caller is the environment task: no task of the program's own
--  besides the server.

with Ada.Text_IO; use Ada.Text_IO;
with Counters;

procedure Main is
   T : Natural;
begin
   for I in 1 .. 10 loop
      Counters.Tally.Add (I);
   end loop;
   Counters.Tally.Total (T);
   Put_Line ("total:" & Natural'Image (T));
   if T = 55 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
