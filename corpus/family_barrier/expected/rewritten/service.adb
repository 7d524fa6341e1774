package body Service is

   protected body Desk is

      --  rdv2po: comments of the task body, kept:
      --  a Request was served this round

      entry Request (for Index in Level) (X : in Integer; Y : out Integer)
        when Stage = 0 or else (Stage = 1 and then Index = High) or else (Stage = 1 and then Index = Medium) or else (Stage = 1 and then Index = Low and then (Request (High)'Count = 0))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         if (Stage = 1 and then Index = High) then
            begin
               Reply := X * Weight (High);
               Y := Reply;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Stage := 1;
            begin
               Last := High;
               Got := True;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
            begin
               if Got then
                  Served (Last) := Served (Last) + 1;
                  Answers (Last) := Answers (Last) + Reply;
                  Got := False;
               end if;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
         elsif (Stage = 1 and then Index = Medium) then
            begin
               Reply := X * Weight (Medium);
               Y := Reply;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Stage := 1;
            begin
               Last := Medium;
               Got := True;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
            begin
               if Got then
                  Served (Last) := Served (Last) + 1;
                  Answers (Last) := Answers (Last) + Reply;
                  Got := False;
               end if;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
         elsif (Stage = 1 and then Index = Low and then (Request (High)'Count = 0)) then
            begin
               Reply := X * Weight (Low);
               Y := Reply;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Stage := 1;
            begin
               Last := Low;
               Got := True;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
            begin
               if Got then
                  Served (Last) := Served (Last) + 1;
                  Answers (Last) := Answers (Last) + Reply;
                  Got := False;
               end if;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
         end if;
      end Request;

      entry Report (Counts : out Level_Counts; Sums : out Level_Sums)
        when Stage = 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Counts := Served;
            Sums := Answers;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            if Got then
               Served (Last) := Served (Last) + 1;
               Answers (Last) := Answers (Last) + Reply;
               Got := False;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Report;

   end Desk;

end Service;
