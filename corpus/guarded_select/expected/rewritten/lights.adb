package body Lights is

   protected body Light is

      --  rdv2po: comments of the task body, kept:
      --  number of colour changes
      --  order-sensitive fingerprint of changes
      --  cars let through so far

      entry To_Green (Waiting : in Natural) when Ended or else State = Red is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Total := Total + Waiting;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         State := Green;
         Changed := True;
         begin
            --  Common statements after the select (stmt3 in Figure 5)
            if Changed then
               Count := Count + 1;
               Print := (Print * 3 + Color'Pos (State)) mod 999_983;
               Changed := False;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end To_Green;

      entry To_Yellow when Ended or else State = Green is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         State := Yellow;
         Changed := True;
         begin
            --  Common statements after the select (stmt3 in Figure 5)
            if Changed then
               Count := Count + 1;
               Print := (Print * 3 + Color'Pos (State)) mod 999_983;
               Changed := False;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end To_Yellow;

      entry To_Red (Passed : out Natural)
        when Ended or else State = Yellow
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Passed := Total;
         State := Red;
         Changed := True;
         begin
            --  Common statements after the select (stmt3 in Figure 5)
            if Changed then
               Count := Count + 1;
               Print := (Print * 3 + Color'Pos (State)) mod 999_983;
               Changed := False;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end To_Red;

      procedure Query (Current : out Color; Changes : out Natural;
                 Trace : out Natural; Cars : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Current := State;
         Changes := Count;
         Trace := Print;
         Cars := Total;
         begin
            --  Common statements after the select (stmt3 in Figure 5)
            if Changed then
               Count := Count + 1;
               Print := (Print * 3 + Color'Pos (State)) mod 999_983;
               Changed := False;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Query;

   end Light;

end Lights;
