package body Meters is

   task body Meter is
      Total : Integer := 0;
      N     : Natural := 0;
      High  : Reading := 0;
      Last  : Reading := 0;
   begin
      loop
         select
            accept Log (Value : in Integer) do
               Last := Value;   --  range check: Constraint_Error if bad
            end Log;
            Total := Total + Last;
            N := N + 1;
            if Last > High then
               High := Last;
            end if;
         or
            accept Summary (Sum : out Integer; Count : out Natural;
                            Peak : out Integer)
            do
               Sum := Total;
               Count := N;
               Peak := High;
            end Summary;
         end select;
      end loop;
   exception
      when Constraint_Error =>
         --  The caller got the exception too; the meter gives up
         Failures := Failures + 1;
   end Meter;

end Meters;
