package body Accumulators is

   protected body Accumulator is

      procedure Add (X : in Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            N := N + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Add;

      procedure Get (Total : out Integer; Count : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Total := Sum;
         Count := N;
      end Get;

      procedure Stop is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Ended := True;  --  the task left its loop
         return;
      end Stop;

   end Accumulator;

end Accumulators;
