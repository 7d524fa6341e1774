with Config; use Config;

package body Barriers is

   task body Barrier is
      Arrived : Natural := 0;
      Left    : Natural := 0;
   begin
      loop
         select
            when Arrived < Workers =>
               accept Arrive;
               Arrived := Arrived + 1;
         or
            when Arrived = Workers =>
               accept Leave;
               Left := Left + 1;
               if Left = Workers then
                  Arrived := 0;
                  Left := 0;
               end if;
         or
            terminate;
         end select;
      end loop;
   end Barrier;

end Barriers;
