package body Pipeline is

   task body Relay is
      Value : Integer;
   begin
      loop
         select
            accept Put (Item : Integer) do
               Value := Item;
            end Put;
            Sink.Put (2 * Value + 1);
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Relay;

   protected body Sink is

      entry Put (Item : Integer) when True is
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

      entry Report (Count : out Natural; Sum : out Integer) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Count := Received;
         Sum := Total;
      end Report;

   end Sink;

end Pipeline;
