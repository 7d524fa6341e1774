with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Small is record A, B : Integer; end record;
   type Arr is array (1 .. 2) of Integer;
   type Tag is tagged record A : Integer; end record;
   task T is
      entry E1 (R : in out Small);
      entry E2 (V : in out Arr);
      entry E3 (X : in out Tag);
      entry E4 (I : in out Integer);
      entry E5 (S : in out String);
   end T;
   task body T is
   begin
      begin accept E1 (R : in out Small) do R.A := 9; raise Program_Error; end E1; exception when others => null; end;
      begin accept E2 (V : in out Arr) do V (1) := 9; raise Program_Error; end E2; exception when others => null; end;
      begin accept E3 (X : in out Tag) do X.A := 9; raise Program_Error; end E3; exception when others => null; end;
      begin accept E4 (I : in out Integer) do I := 9; raise Program_Error; end E4; exception when others => null; end;
      begin accept E5 (S : in out String) do S (1) := 'Z'; raise Program_Error; end E5; exception when others => null; end;
   exception when others => null;
   end T;
   R : Small := (1, 1); V : Arr := (1, 1); X : Tag := (A => 1); I : Integer := 1; S : String := "ab";
begin
   begin T.E1 (R); exception when others => null; end;
   begin T.E2 (V); exception when others => null; end;
   begin T.E3 (X); exception when others => null; end;
   begin T.E4 (I); exception when others => null; end;
   begin T.E5 (S); exception when others => null; end;
   Put_Line (R.A'Img & V (1)'Img & X.A'Img & I'Img & " " & S);
   Put_Line ("PASSED");
end Main;
