package body Stacks is

   protected body Stack_Server is

      entry Push (X : Integer) when Ended or else Top < Max is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Top := Top + 1;
            Data (Top) := X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Push;

      entry Pop (X : out Integer) when Ended or else Top > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            X := Data (Top);
            Top := Top - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Pop;

      procedure Depth (N : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         N := Top;
      end Depth;

   end Stack_Server;

end Stacks;
