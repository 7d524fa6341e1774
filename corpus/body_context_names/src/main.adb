with Ada.Text_IO; use Ada.Text_IO;
with Stacks; use Stacks;
procedure Main is
   S : Stack;
   V : Integer;
   B : Boolean;
begin
   S.Push (4);
   S.Push (5);
   S.Pop (V);
   Put_Line (V'Image);
   S.Pop (V);
   Put_Line (V'Image);
   S.Flip (B);
   Put_Line (B'Image);
   S.Flip (B);
   Put_Line (B'Image);
   Put_Line ("PASSED");
end Main;
