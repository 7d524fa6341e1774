package body Counters is

   task body Counter is
      Current : Natural := 0;
   begin
      loop
         select
            accept Increment (By : Positive) do
               Current := Current + By;
            end Increment;
         or
            accept Value (V : out Natural) do
               V := Current;
            end Value;
         or
            terminate;
         end select;
      end loop;
   end Counter;

end Counters;
