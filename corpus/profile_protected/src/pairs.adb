package body Pairs is

   task body Pairs is
      Ready : Natural := 0;
      Taken : Natural := 0;
   begin
      loop
         select
            accept Give do
               Ready := Ready + 1;
            end Give;
         or
            when Ready >= Batch =>
               accept Take_Pair do
                  Ready := Ready - Batch;
                  Taken := Taken + Batch;
               end Take_Pair;
         or
            accept Count (N : out Natural) do
               N := Taken;
            end Count;
         or
            terminate;
         end select;
      end loop;
   end Pairs;

   task body Feeder is
   begin
      for I in 1 .. 3 loop
         Pairs.Give;
      end loop;
   end Feeder;

end Pairs;
