with Ada.Text_IO; use Ada.Text_IO;
with Ops;
procedure Main is
   function Double (X : Integer) return Integer is (X * 2);

   task Server is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Server;

   task body Server is
      Val : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Ops.Nothing (X);
               Val := Val + Double (X) + Ops.Triple (X);
            end Put;
         or
            accept Get (X : out Integer) do
               X := Val;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Server;

   X : Integer;
begin
   for I in 1 .. 4 loop
      Server.Put (I);
   end loop;
   Server.Get (X);
   Put_Line ("total" & Integer'Image (X));
   Put_Line ("PASSED");
end Main;
