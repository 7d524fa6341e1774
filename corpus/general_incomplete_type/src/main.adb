with Ada.Text_IO; use Ada.Text_IO;
with Workers;
procedure Main is
   H : constant Workers.Handle := Workers.Start;
begin
   for I in 1 .. 5 loop
      Workers.Put (H, I);
   end loop;
   Put_Line ("total" & Integer'Image (Workers.Sum_Of (H)));
   Put_Line ("PASSED");
end Main;
