package body Pipeline is

   protected body Relay is

      procedure Put (Item : Integer) is
      begin
         if Ended_2 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Value := Item;
         begin
            Sink.Put (2 * Value + 1);
         exception
            when others =>
               Ended_2 := True;  --  the exception would end the task
               return;
         end;
      end Put;

      procedure Stop is
      begin
         if Ended_2 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Ended_2 := True;  --  the task left its loop
         return;
      end Stop;

   end Relay;

   protected body Sink is

      procedure Put (Item : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Total := Total + Item;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Received := Received + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Put;

      procedure Report (Count : out Natural; Sum : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Count := Received;
         Sum := Total;
      end Report;

   end Sink;

end Pipeline;
