package Cells is
   type Color is (Red, Green, Blue);
   subtype Small is Integer range 0 .. 1_000;
   type Pair is record
      Left, Right : Small;
      Hue         : Color;
   end record;
   type Row is array (1 .. 3) of Pair;

   type Int_Access is access Integer;
   type Row_Access is access Row;
end Cells;
