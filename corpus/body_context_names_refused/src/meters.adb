with Scale; use Scale;
package body Meters is
   function Scale return Integer is (10);

   task body Meter is
      Sum : Natural range 0 .. Max := 0;
   begin
      loop
         select
            when Sum < Max =>
               accept Add do
                  Sum := Sum + 1;
               end Add;
         or
            accept Total (N : out Natural) do
               N := Sum * Scale;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Meter;
end Meters;
