with Ada.Text_IO; use Ada.Text_IO;
with Pairs;

procedure Main is
   N : Natural;
begin
   for I in 1 .. 3 loop
      Pairs.Pairs.Give;
   end loop;
   Pairs.Pairs.Take_Pair;
   Pairs.Pairs.Take_Pair;
   Pairs.Pairs.Take_Pair;
   Pairs.Pairs.Count (N);
   Put_Line ("taken:" & Natural'Image (N));
   Put_Line (if N = 6 then "PASSED" else "FAILED");
end Main;
