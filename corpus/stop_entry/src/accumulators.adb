package body Accumulators is

   task body Accumulator is
      Sum : Integer := 0;
      N   : Natural := 0;
   begin
      loop
         select
            accept Add (X : in Integer) do
               Sum := Sum + X;
            end Add;
            N := N + 1;
         or
            accept Get (Total : out Integer; Count : out Natural) do
               Total := Sum;
               Count := N;
            end Get;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Accumulator;

end Accumulators;
