package Tuning is
   Depth : constant := 2;
   procedure Show;
end Tuning;
