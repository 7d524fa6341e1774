package body Buffers is

   protected body Buffer is

      entry Put (X : in Integer) when Ended or else Count < Capacity is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Data (In_Ptr) := X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            In_Ptr := (In_Ptr + 1) mod Capacity;
            Count := Count + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Put;

      entry Get (X : out Integer) when Ended or else Count > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            X := Data (Out_Ptr);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Out_Ptr := (Out_Ptr + 1) mod Capacity;
            Count := Count - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Get;

   end Buffer;

end Buffers;
