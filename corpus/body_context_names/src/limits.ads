package Limits is
   Depth : constant := 3;
   Start : constant := 10;
end Limits;
