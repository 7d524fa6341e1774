--  Another main program of the folder, with a Node_ID of its own.
with Ada.Text_IO;
procedure Other_Main is
   type Node_ID is range 1 .. 9;
   N : Node_ID := 9;
begin
   Ada.Text_IO.Put_Line (Node_ID'Image (N));
end Other_Main;
