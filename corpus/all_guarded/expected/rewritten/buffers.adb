package body Buffers is

   protected body Buffer is

      --  rdv2po: comments of the task body, kept:
      --  next to Get
      --  next free
      --  items that went through

      entry Put (Item : in Integer)
        when Stage = 0 or else (Stage = 1 and then not ((Count < Size) or else (Count > 0) or else (Count = 0))) or else (Stage = 1 and then (Count < Size))
      is
      begin
         if (Stage = 1 and then not ((Count < Size) or else (Count > 0) or else (Count = 0))) then
            Stage := 0;  --  no open alternative: Program_Error ended the task
         end if;
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Slots (Tail) := Item;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Tail := Tail mod Size + 1;
            Count := Count + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Put;

      entry Get (Item : out Integer)
        when Stage = 0 or else (Stage = 1 and then not ((Count < Size) or else (Count > 0) or else (Count = 0))) or else (Stage = 1 and then (Count > 0))
      is
      begin
         if (Stage = 1 and then not ((Count < Size) or else (Count > 0) or else (Count = 0))) then
            Stage := 0;  --  no open alternative: Program_Error ended the task
         end if;
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Item := Slots (Head);
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Head := Head mod Size + 1;
            Count := Count - 1;
            Total := Total + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Get;

      entry Stop (Moved : out Natural)
        when Stage = 0 or else (Stage = 1 and then not ((Count < Size) or else (Count > 0) or else (Count = 0))) or else (Stage = 1 and then (Count = 0))
      is
      begin
         if (Stage = 1 and then not ((Count < Size) or else (Count > 0) or else (Count = 0))) then
            Stage := 0;  --  no open alternative: Program_Error ended the task
         end if;
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Moved := Total;
         Stage := 1;
         Stage := 0;  --  the task left its loop
         return;
      end Stop;

   end Buffer;

end Buffers;
