package Scales is
   function Scaled (X : Integer) return Integer;
end Scales;
