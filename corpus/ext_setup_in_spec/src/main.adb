with Ada.Text_IO; use Ada.Text_IO;
with Work;
procedure Main is
begin
   while Work.Sum.Value < 60 loop
      delay 0.001;
   end loop;
   Put_Line ("sum" & Natural'Image (Work.Sum.Value));
end Main;
