with Ada.Text_IO; use Ada.Text_IO;
with Work;

procedure Main is
   S     : Work.Sums;
   Total : Long_Integer := 0;
begin
   Work.Results.Collect (S);
   for I in S'Range loop
      Put_Line ("worker" & Integer'Image (I) & ":" & Long_Integer'Image (S (I)));
      Total := Total + S (I);
   end loop;
   Put_Line ("total:" & Long_Integer'Image (Total));
end Main;
