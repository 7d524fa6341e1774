with Ada.Text_IO; use Ada.Text_IO;
with Srv;
procedure Main is
   X : Integer;
begin
   Srv.Server.Get (X);
   Put_Line (X'Img);
   Put_Line ("PASSED");
end Main;
