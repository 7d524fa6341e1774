package body Job_Board is

   protected body Jobs is

      procedure Post (Job : in Positive) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Posted := Posted + Job;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Pending := Pending + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
         begin
            Requests := Requests + 1;
            if Requests >= Max_Requests then
               Ended := True;  --  the task left its loop
               return;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Post;

      entry Finish (Job : in Positive) when Ended or else Pending > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Done_Sum := Done_Sum + Job;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Pending := Pending - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
         begin
            Requests := Requests + 1;
            if Requests >= Max_Requests then
               Ended := True;  --  the task left its loop
               return;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Finish;

      procedure Quit (Final : out Integer; Still_Pending : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Final := Done_Sum;
         Still_Pending := Pending;
         if Pending = 0 then
            Ended := True;  --  the task left its loop
            return;
         end if;
         begin
            Requests := Requests + 1;
            if Requests >= Max_Requests then
               Ended := True;  --  the task left its loop
               return;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Quit;

   end Jobs;

end Job_Board;
