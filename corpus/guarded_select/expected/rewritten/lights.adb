package body Lights is

   protected body Light is

      --  rdv2po: comments of the task body, kept:
      --  number of colour changes
      --  order-sensitive fingerprint of changes
      --  cars let through so far

      entry To_Green (Waiting : in Natural)
        when Stage = 0 or else (Stage = 1 and then (State = Red))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Total := Total + Waiting;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            State := Green;
            Changed := True;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         begin
            --  Common statements after the select (stmt3 in Figure 5)
            if Changed then
               Count := Count + 1;
               Print := (Print * 3 + Color'Pos (State)) mod 999_983;
               Changed := False;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end To_Green;

      entry To_Yellow
        when Stage = 0 or else (Stage = 1 and then (State = Green))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 1;
         begin
            State := Yellow;
            Changed := True;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         begin
            --  Common statements after the select (stmt3 in Figure 5)
            if Changed then
               Count := Count + 1;
               Print := (Print * 3 + Color'Pos (State)) mod 999_983;
               Changed := False;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end To_Yellow;

      entry To_Red (Passed : out Natural)
        when Stage = 0 or else (Stage = 1 and then (State = Yellow))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Passed := Total;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            State := Red;
            Changed := True;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         begin
            --  Common statements after the select (stmt3 in Figure 5)
            if Changed then
               Count := Count + 1;
               Print := (Print * 3 + Color'Pos (State)) mod 999_983;
               Changed := False;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end To_Red;

      entry Query (Current : out Color; Changes : out Natural;
             Trace : out Natural; Cars : out Natural)
        when Stage = 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Current := State;
            Changes := Count;
            Trace := Print;
            Cars := Total;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            --  Common statements after the select (stmt3 in Figure 5)
            if Changed then
               Count := Count + 1;
               Print := (Print * 3 + Color'Pos (State)) mod 999_983;
               Changed := False;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Query;

   end Light;

end Lights;
