package body Sinks is

   protected body W is

      entry Start (N : Natural) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Limit := N;
         Stage := 2;
         begin
            if not (Sum < Limit * Cap) then
               Stage := 0;  --  the task left its while loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start;

      entry Put (X : Integer; Ok : out Boolean)
        when Stage = 0 or else Stage = 2
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + X;
            Ok := Sum < Limit * Cap;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
         begin
            if not (Sum < Limit * Cap) then
               Stage := 0;  --  the task left its while loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Put;

      entry Quit when Stage = 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 2;
         Stage := 0;  --  the task left its loop
         return;
      end Quit;

   end W;

end Sinks;
