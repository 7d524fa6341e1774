package body Shared_Data is

   protected body Control is

      entry Start_Read
        when Stage = 0 or else (Stage = 1 and then (not Writing and then Start_Write'Count = 0))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 1;
         begin
            Readers := Readers + 1;
            Started_Reads := Started_Reads + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start_Read;

      entry End_Read
        when Stage = 0 or else (Stage = 1 and then (Readers > 0))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 1;
         begin
            Readers := Readers - 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end End_Read;

      entry Start_Write
        when Stage = 0 or else (Stage = 1 and then (not Writing and then Readers = 0))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            if Readers /= 0 or else Writing then
               Bad := Bad + 1;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Writing := True;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start_Write;

      entry End_Write
        when Stage = 0 or else (Stage = 1 and then (Writing))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 1;
         begin
            Writing := False;
            Finished_Writes := Finished_Writes + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end End_Write;

      entry Report (Reads, Writes, Violations : out Natural)
        when Stage = 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Reads := Started_Reads;
            Writes := Finished_Writes;
            Violations := Bad;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Report;

   end Control;

end Shared_Data;
