package body Stacks is

   protected body Stack_Server is

      entry Push (X : Integer)
        when Stage = 0 or else (Stage = 1 and then (Top < Max))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Top := Top + 1;
            Data (Top) := X;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Push;

      entry Pop (X : out Integer)
        when Stage = 0 or else (Stage = 1 and then (Top > 0))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            X := Data (Top);
            Top := Top - 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Pop;

      entry Depth (N : out Natural) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            N := Top;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Depth;

   end Stack_Server;

end Stacks;
