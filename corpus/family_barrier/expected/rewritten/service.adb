package body Service is

   protected body Desk is

      --  rdv2po: comments of the task body, kept:
      --  a Request was served this round

      entry Request (for Index in Level) (X : in Integer; Y : out Integer)
        when Ended or else Index = High or else Index = Medium or else (Index = Low and then (Request (High)'Count = 0))
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         if Index = High then
            begin
               Reply := X * Weight (High);
               Y := Reply;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Last := High;
            Got := True;
            begin
               if Got then
                  Served (Last) := Served (Last) + 1;
                  Answers (Last) := Answers (Last) + Reply;
                  Got := False;
               end if;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  return;
            end;
         elsif Index = Medium then
            begin
               Reply := X * Weight (Medium);
               Y := Reply;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Last := Medium;
            Got := True;
            begin
               if Got then
                  Served (Last) := Served (Last) + 1;
                  Answers (Last) := Answers (Last) + Reply;
                  Got := False;
               end if;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  return;
            end;
         elsif (Index = Low and then (Request (High)'Count = 0)) then
            begin
               Reply := X * Weight (Low);
               Y := Reply;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Last := Low;
            Got := True;
            begin
               if Got then
                  Served (Last) := Served (Last) + 1;
                  Answers (Last) := Answers (Last) + Reply;
                  Got := False;
               end if;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  return;
            end;
         end if;
      end Request;

      entry Report (Counts : out Level_Counts; Sums : out Level_Sums)
        when True
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Counts := Served;
            Sums := Answers;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            if Got then
               Served (Last) := Served (Last) + 1;
               Answers (Last) := Answers (Last) + Reply;
               Got := False;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Report;

   end Desk;

end Service;
