with Ada.Text_IO; use Ada.Text_IO;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
with Catalog; use Catalog;
with Stats;
procedure Main is
   U : Unbounded_String;
   N : Natural;
   B : Integer;
begin
   Catalog_Server.Add_Item ("alpha", 5);
   Catalog_Server.Add_Item ("beta", -7);
   Catalog_Server.Add_Item ("gamma", 12);
   Catalog_Server.Names (U, N);
   Catalog_Server.Best (B);
   Put_Line (To_String (U) & Natural'Image (N) & Integer'Image (B)
             & Integer'Image (Stats.Counter.Value));
   Put_Line ("PASSED");
end Main;
