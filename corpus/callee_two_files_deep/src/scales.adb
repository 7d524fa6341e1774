package body Scales is
   function Scaled (X : Integer) return Integer is
   begin
      return X * 10 + 1;
   end Scaled;
end Scales;
