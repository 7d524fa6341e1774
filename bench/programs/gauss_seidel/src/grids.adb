package body Grids is

   procedure Initialise is
   begin
      U := (others => (others => 0.0));
      for K in 0 .. N + 1 loop
         U (0, K) := 100.0;                          --  top edge
         U (K, 0) := 50.0 * Long_Float (N + 1 - K)   --  left edge, 0 .. 50
                       / Long_Float (N + 1);
         U (N + 1, K) := 0.0;                        --  bottom edge
         U (K, N + 1) := 25.0;                       --  right edge
      end loop;
      U (0, 0) := 75.0;
   end Initialise;

   procedure Relax (First_Row, Last_Row : Positive; C : Colour) is
   begin
      for I in First_Row .. Last_Row loop
         for J in 1 .. N loop
            if (I + J) mod 2 = Colour'Pos (C) then
               U (I, J) := 0.25 * (U (I - 1, J) + U (I + 1, J)
                                   + U (I, J - 1) + U (I, J + 1));
            end if;
         end loop;
      end loop;
   end Relax;

   function Interior_Sum return Long_Float is
      S : Long_Float := 0.0;
   begin
      for I in 1 .. N loop
         for J in 1 .. N loop
            S := S + U (I, J);
         end loop;
      end loop;
      return S;
   end Interior_Sum;

end Grids;
