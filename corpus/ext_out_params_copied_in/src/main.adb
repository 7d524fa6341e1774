with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Counter is new Integer with Default_Value => 0;
   type Ptr is access all Integer;
   task Server is
      entry Bump (X : out Counter);
      entry Fill (P : out Ptr);
   end Server;
   task body Server is
   begin
      accept Bump (X : out Counter) do
         X := X + 1;   -- scalar with Default_Value: formal initialized from actual
      end Bump;
      accept Fill (P : out Ptr) do
         if P /= null then      -- access out: formal initialized from actual
            P.all := 99;
         else
            Put_Line ("P null");
         end if;
      end Fill;
   end Server;
   C : Counter := 41;
   V : aliased Integer := 0;
   P : Ptr := V'Access;
begin
   Server.Bump (C);
   Put_Line ("C =" & C'Img);
   Server.Fill (P);
   Put_Line ("V =" & V'Img & " P null? " & Boolean'Image (P = null));
   Put_Line ("PASSED");
end Main;
