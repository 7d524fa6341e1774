package Limits is
   Rounds : constant := 4;              -- a named number
   Spread : constant Integer := 3;      -- a typed constant
   package Inner is
      Depth : constant := 2;
   end Inner;
end Limits;
