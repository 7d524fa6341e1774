package body Job_Board is

   protected body Jobs is

      entry Post (Job : in Positive) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Posted := Posted + Job;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Pending := Pending + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         begin
            Requests := Requests + 1;
            if Requests >= Max_Requests then
               Stage := 0;  --  the task left its loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Post;

      entry Finish (Job : in Positive)
        when Stage = 0 or else (Stage = 1 and then (Pending > 0))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Done_Sum := Done_Sum + Job;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Pending := Pending - 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         begin
            Requests := Requests + 1;
            if Requests >= Max_Requests then
               Stage := 0;  --  the task left its loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Finish;

      entry Quit (Final : out Integer; Still_Pending : out Natural)
        when Stage = 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Final := Done_Sum;
            Still_Pending := Pending;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            if Pending = 0 then
               Stage := 0;  --  the task left its loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         begin
            Requests := Requests + 1;
            if Requests >= Max_Requests then
               Stage := 0;  --  the task left its loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Quit;

   end Jobs;

end Job_Board;
