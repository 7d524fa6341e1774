package body Meters is

   protected body Meter is

      --  rdv2po: comments of the task body, kept:
      --  range check: Constraint_Error if bad

      procedure Log (Value : in Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Last := Value;
         exception
            when others =>
               Ended := True;  --  the task's handlers, then it ends
               begin
                  begin
                     raise;
                  exception
                     when Constraint_Error =>
                        --  The caller got the exception too; the meter gives up
                        Failures := Failures + 1;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               raise;  --  and the caller gets it
         end;
         begin
            Total := Total + Last;
            N := N + 1;
            if Last > High then
               High := Last;
            end if;
         exception
            when others =>
               Ended := True;  --  the task's handlers, then it ends
               begin
                  begin
                     raise;
                  exception
                     when Constraint_Error =>
                        --  The caller got the exception too; the meter gives up
                        Failures := Failures + 1;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               return;
         end;
      end Log;

      procedure Summary (Sum : out Integer; Count : out Natural;
                   Peak : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Total;
            Count := N;
            Peak := High;
         exception
            when others =>
               Ended := True;  --  the task's handlers, then it ends
               begin
                  begin
                     raise;
                  exception
                     when Constraint_Error =>
                        --  The caller got the exception too; the meter gives up
                        Failures := Failures + 1;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               raise;  --  and the caller gets it
         end;
      end Summary;

   end Meter;

end Meters;
