with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Keeper is
      procedure Set (V : Integer);
      procedure Get (V : out Integer);
   private
      --  rdv2po: task Keeper became this protected object.
      Année : Integer := 0;
   end Keeper;

   protected body Keeper is

      procedure Set (V : Integer) is
      begin
         Année := V;
      end Set;

      procedure Get (V : out Integer) is
      begin
         V := Année;
      end Get;

   end Keeper;

   Result : Integer;
begin
   Keeper.Set (1999);
   Keeper.Get (Result);
   Put_Line (Integer'Image (Result));
   Put_Line ("PASSED");
end Main;
