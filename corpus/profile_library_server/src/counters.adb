package body Counters is

   task body Tally is
      Sum : Natural := 0;
   begin
      loop
         select
            accept Add (N : Natural) do
               Sum := Sum + N;
            end Add;
         or
            accept Total (T : out Natural) do
               T := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Tally;

end Counters;
