package body Store is

   protected body Keeper is

      entry Put (Item : Integer)
        when Stage = 0 or else (Stage = 1 and then (Length < Capacity))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Buffer (Tail) := Item;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Tail := (Tail + 1) mod Capacity;
            Length := Length + 1;
            Total := Total + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Put;

      entry Get (Item : out Integer)
        when Stage = 0 or else (Stage = 1 and then (Length > 0))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Item := Buffer (Head);
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Head := (Head + 1) mod Capacity;
            Length := Length - 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Get;

      entry Stored (Count : out Natural) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Count := Total;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Stored;

   end Keeper;

end Store;
