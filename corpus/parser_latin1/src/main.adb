with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Keeper is
      entry Set (V : Integer);
      entry Get (V : out Integer);
   end Keeper;

   task body Keeper is
      Année : Integer := 0;
   begin
      loop
         select
            accept Set (V : Integer) do
               Année := V;
            end Set;
         or
            accept Get (V : out Integer) do
               V := Année;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Keeper;

   Result : Integer;
begin
   Keeper.Set (1999);
   Keeper.Get (Result);
   Put_Line (Integer'Image (Result));
   Put_Line ("PASSED");
end Main;
