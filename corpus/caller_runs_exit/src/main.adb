with Ada.Text_IO; use Ada.Text_IO;
with Pkg;
procedure Main is
   S : Integer;
begin
   for I in 1 .. 3 loop
      Pkg.Printer.Print (I * 10);
   end loop;
   Pkg.Printer.Total (S);
   Put_Line ("total" & Integer'Image (S));
   Pkg.Printer.Quit;
   begin
      Pkg.Printer.Print (0);
   exception
      when Tasking_Error => Put_Line ("after quit: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
