with Ada.Text_IO; use Ada.Text_IO;
with Tallies;
procedure Main is
   T : Tallies.Tally;
begin
   for I in 1 .. 5 loop
      Tallies.Add (T, I);
   end loop;
   Put_Line ("total" & Integer'Image (Tallies.Total (T)));
   Put_Line ("PASSED");
end Main;
