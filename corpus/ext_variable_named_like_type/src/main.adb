with Ada.Text_IO; use Ada.Text_IO;
with Ada.Containers.Vectors;
procedure Main is
   package IV is new Ada.Containers.Vectors (Positive, Integer);
   type Count is range 0 .. 100;
   task Server is
      entry Push (V : Integer);
      entry Total (S : out Integer; C : out Main.Count);
   end Server;
   task body Server is
      Vec : IV.Vector;
      Count : Main.Count := 0;
   begin
      loop
         select
            accept Push (V : Integer) do
               Vec.Append (V);
               Count := Count + 1;
            end Push;
         or
            accept Total (S : out Integer; C : out Main.Count) do
               S := 0;
               for E of Vec loop S := S + E; end loop;
               C := Count;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Server;
   S : Integer; C : Count;
begin
   Server.Push (2); Server.Push (40);
   Server.Total (S, C);
   Put_Line (S'Img & C'Img);
   Put_Line ("PASSED");
end Main;
