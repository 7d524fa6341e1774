with Ada.Text_IO; use Ada.Text_IO;
with Gen;
procedure Main is
   package G is new Gen (3, "abc");
begin
   G.Put (5);
   Put_Line (G.Total'Img);
   Put_Line ("PASSED");
end Main;
