--  Zähler: Körper des Servers (body of the counting server).

package body Counters is

   task body Counter is
      Total : Natural := 0;   --  Zählerstand
      N     : Natural := 0;   --  Anzahl der Aufrufe
   begin
      loop
         select
            accept Increment (By : in Positive) do
               Total := Total + By;
            end Increment;
            N := N + 1;
         or
            accept Value (V : out Natural; Calls : out Natural) do
               V := Total;
               Calls := N;
            end Value;
         or
            terminate;   --  Ende, wenn niemand mehr zählt
         end select;
      end loop;
   end Counter;

end Counters;
