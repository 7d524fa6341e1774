package body Lights is

   task body Light is
      State   : Color := Red;
      Changed : Boolean := False;
      Count   : Natural := 0;    --  number of colour changes
      Print   : Natural := 0;    --  order-sensitive fingerprint of changes
      Total   : Natural := 0;    --  cars let through so far
   begin
      loop
         select
            when State = Red =>
               accept To_Green (Waiting : in Natural) do
                  Total := Total + Waiting;
               end To_Green;
               State := Green;
               Changed := True;
         or
            when State = Green =>
               accept To_Yellow;
               State := Yellow;
               Changed := True;
         or
            when State = Yellow =>
               accept To_Red (Passed : out Natural) do
                  Passed := Total;
               end To_Red;
               State := Red;
               Changed := True;
         or
            accept Query (Current : out Color; Changes : out Natural;
                          Trace : out Natural; Cars : out Natural)
            do
               Current := State;
               Changes := Count;
               Trace := Print;
               Cars := Total;
            end Query;
         or
            terminate;
         end select;

         --  Common statements after the select (stmt3 in Figure 5)
         if Changed then
            Count := Count + 1;
            Print := (Print * 3 + Color'Pos (State)) mod 999_983;
            Changed := False;
         end if;
      end loop;
   end Light;

end Lights;
