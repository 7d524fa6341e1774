with Ada.Text_IO; use Ada.Text_IO;
with Cells; use Cells;
with Store;
procedure Main is
   Total : Integer;
begin
   Store.Keeper.Put (1);
   Store.Keeper.Put (2);
   Store.Keeper.Put_Row ((others => (1, 2, Red)));
   Store.Keeper.Put_Row (((10, 20, Blue), (30, 40, Green), (0, 0, Red)));
   Store.Keeper.Sum (Total);
   Put_Line ("Total:" & Integer'Image (Total));
   if Total = 2 + 65 + 100 + 3 then
      Put_Line ("PASSED");
   end if;
end Main;
