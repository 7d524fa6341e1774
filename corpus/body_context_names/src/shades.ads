package Shades is
   pragma Pure;
   type Shade is (Light, Dark);
   subtype Level is Integer range 0 .. 9;
end Shades;
