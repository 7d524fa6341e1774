package body Store is

   protected body Keeper is

      entry Put (Item : Integer) when Ended or else Length < Capacity is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Buffer (Tail) := Item;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Tail := (Tail + 1) mod Capacity;
            Length := Length + 1;
            Total := Total + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Put;

      entry Get (Item : out Integer) when Ended or else Length > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Item := Buffer (Head);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Head := (Head + 1) mod Capacity;
            Length := Length - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Get;

      procedure Stored (Count : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Count := Total;
      end Stored;

   end Keeper;

end Store;
