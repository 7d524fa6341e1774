package body Jobs is

   task body Log is
      Latest : Natural := 0;
   begin
      loop
         select
            accept Note (Id : Positive) do
               Latest := Id;
            end Note;
         or
            accept Last (Id : out Natural) do
               Id := Latest;
            end Last;
         or
            terminate;
         end select;
      end loop;
   end Log;

   task body Spinner is
   begin
      loop
         Spins := Spins + 1;
         delay 0.001;
      end loop;
   end Spinner;

end Jobs;
