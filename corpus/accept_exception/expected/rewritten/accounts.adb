package body Accounts is

   protected body Account is

      --  rdv2po: comments of the task body, kept:
      --  index check

      procedure Deposit (Amount : in Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            if Amount < 0 then
               raise Negative_Amount;
            end if;
            Total := Total + Amount;
         exception
            when others =>
               Ended := True;  --  as the task's handlers around its loop body do
               begin
                  begin
                     raise;
                  exception
                     when Negative_Amount | Constraint_Error =>
                        --  The caller got the exception too; count it, serve on
                        Bad := Bad + 1;
                        Ended := False;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               raise;  --  and the caller gets it
         end;
         begin
            Good := Good + 1;
         exception
            when others =>
               Ended := True;  --  as the task's handlers around its loop body do
               begin
                  begin
                     raise;
                  exception
                     when Negative_Amount | Constraint_Error =>
                        --  The caller got the exception too; count it, serve on
                        Bad := Bad + 1;
                        Ended := False;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               return;
         end;
      end Deposit;

      procedure Store (Slot : in Integer; Value : in Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Slots (Slot) := Value;
         exception
            when others =>
               Ended := True;  --  as the task's handlers around its loop body do
               begin
                  begin
                     raise;
                  exception
                     when Negative_Amount | Constraint_Error =>
                        --  The caller got the exception too; count it, serve on
                        Bad := Bad + 1;
                        Ended := False;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               raise;  --  and the caller gets it
         end;
         begin
            Good := Good + 1;
         exception
            when others =>
               Ended := True;  --  as the task's handlers around its loop body do
               begin
                  begin
                     raise;
                  exception
                     when Negative_Amount | Constraint_Error =>
                        --  The caller got the exception too; count it, serve on
                        Bad := Bad + 1;
                        Ended := False;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               return;
         end;
      end Store;

      procedure Report (Balance : out Integer; Slot_Sum : out Integer;
                  Accepted, Rejected : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Balance := Total;
            Slot_Sum := 0;
            for S of Slots loop
               Slot_Sum := Slot_Sum + S;
            end loop;
            Accepted := Good;
            Rejected := Bad;
         exception
            when others =>
               Ended := True;  --  as the task's handlers around its loop body do
               begin
                  begin
                     raise;
                  exception
                     when Negative_Amount | Constraint_Error =>
                        --  The caller got the exception too; count it, serve on
                        Bad := Bad + 1;
                        Ended := False;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               raise;  --  and the caller gets it
         end;
      end Report;

   end Account;

end Accounts;
