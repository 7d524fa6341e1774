with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Server is
      entry Init (X : Integer);
      entry Get (X : out Integer);
      entry Stop;
   end Server;
   task body Server is
      Sum : Integer := 0;
      Running : Boolean := True;
   begin
      for I in 1 .. 3 loop
         accept Init (X : Integer) do
            Sum := Sum + X;
         end Init;
      end loop;
      while Running loop
         select
            accept Get (X : out Integer) do
               X := Sum;
            end Get;
         or
            accept Stop do
               Running := False;
            end Stop;
         end select;
      end loop;
   end Server;
   X : Integer;
begin
   for I in 1 .. 3 loop
      Server.Init (I);
   end loop;
   Server.Get (X);
   Server.Stop;
   Put_Line (Integer'Image (X));
   Put_Line ("PASSED");
end Main;
