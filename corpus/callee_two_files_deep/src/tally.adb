with Stats;
package body Tally is
   task body Counter is
      Total : Integer := 0;
   begin
      loop
         select
            accept Add (X : Integer) do
               Stats.Record_Value (Total, X);
            end Add;
         or
            accept Get (Result : out Integer) do
               Result := Total;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Counter;
end Tally;
