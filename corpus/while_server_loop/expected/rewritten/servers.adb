package body Servers is

   --  Running is cleared after Stop; the loop test then ends the task.
   protected body Logger is

      procedure Start_Up is
      begin
         Stage := 1;
         if not (Running) then
            Stage := 0;  --  the task left its while loop
            return;
         end if;
      end Start_Up;

      entry Log (X : Integer) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Log with abort;
         end if;
         begin
            Sum := Sum + X;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         if not (Running) then
            Stage := 0;  --  the task left its while loop
            return;
         end if;
      end Log;

      entry Total (T : out Integer) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Total with abort;
         end if;
         begin
            T := Sum * 1000 + Calls;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         if not (Running) then
            Stage := 0;  --  the task left its while loop
            return;
         end if;
      end Total;

      entry Stop when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Stop with abort;
         end if;
         Stage := 1;
         Running := False;
         if not (Running) then
            Stage := 0;  --  the task left its while loop
            return;
         end if;
      end Stop;

   end Logger;

   --  Ends after Max ticks: the test reads a typed constant of the task.
   protected body Counter is

      procedure Start_Up is
      begin
         Stage := 1;
         begin
            if not (Count < Counter_Max) then
               Stage := 0;  --  the task left its while loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start_Up;

      entry Tick (N : out Natural) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Tick with abort;
         end if;
         N := Count;
         Stage := 1;
         begin
            Count := Count + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         begin
            if not (Count < Counter_Max) then
               Stage := 0;  --  the task left its while loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Tick;

   end Counter;

   --  The condition is False at once: the task ends without accepting.
   protected body Never is

      procedure Start_Up is
      begin
         Stage := 1;
         if not (Enabled) then
            Stage := 0;  --  the task left its while loop
            return;
         end if;
      end Start_Up;

      entry Ping when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Ping with abort;
         end if;
         Stage := 1;
         Enabled := not Enabled;
         if not (Enabled) then
            Stage := 0;  --  the task left its while loop
            return;
         end if;
      end Ping;

   end Never;

end Servers;
