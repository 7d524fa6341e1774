separate (Accounts)
protected body Srv is

   entry Deposit (Account : Account_Id; Amount : Natural)
     when Stage = 0 or else Stage = 1
   is
   begin
      if Stage = 0 then
         raise Tasking_Error;  --  the task has ended
      end if;
      begin
         Balances (Account) := Balances (Account) + Amount;
      exception
         when others =>
            Stage := 0;  --  the exception would end the task
            raise;  --  and the caller gets it
      end;
      Stage := 1;
      begin
         Ops := Ops + 1;
      exception
         when others =>
            Stage := 0;  --  the exception would end the task
            return;
      end;
   end Deposit;

   entry Withdraw (Account : Account_Id; Amount : Natural)
     when Stage = 0 or else Stage = 1
   is
   begin
      if Stage = 0 then
         raise Tasking_Error;  --  the task has ended
      end if;
      begin
         Balances (Account) := Balances (Account) - Amount;
      exception
         when others =>
            Stage := 0;  --  the exception would end the task
            raise;  --  and the caller gets it
      end;
      Stage := 1;
      begin
         Ops := Ops + 1;
      exception
         when others =>
            Stage := 0;  --  the exception would end the task
            return;
      end;
   end Withdraw;

   entry Balance (Account : Account_Id; Amount : out Integer)
     when Stage = 0 or else Stage = 1
   is
   begin
      if Stage = 0 then
         raise Tasking_Error;  --  the task has ended
      end if;
      begin
         Amount := Balances (Account);
      exception
         when others =>
            Stage := 0;  --  the exception would end the task
            raise;  --  and the caller gets it
      end;
      Stage := 1;
   end Balance;

   entry Operations (Count : out Natural)
     when Stage = 0 or else Stage = 1
   is
   begin
      if Stage = 0 then
         raise Tasking_Error;  --  the task has ended
      end if;
      begin
         Count := Ops;
      exception
         when others =>
            Stage := 0;  --  the exception would end the task
            raise;  --  and the caller gets it
      end;
      Stage := 1;
   end Operations;

end Srv;
