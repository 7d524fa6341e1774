separate (Accounts)
protected body Srv is

   procedure Deposit (Account : Account_Id; Amount : Natural) is
   begin
      if Ended then
         raise Tasking_Error;  --  the task has ended
      end if;
      begin
         Balances (Account) := Balances (Account) + Amount;
      exception
         when others =>
            Ended := True;  --  the exception would end the task
            raise;  --  and the caller gets it
      end;
      begin
         Ops := Ops + 1;
      exception
         when others =>
            Ended := True;  --  the exception would end the task
            return;
      end;
   end Deposit;

   procedure Withdraw (Account : Account_Id; Amount : Natural) is
   begin
      if Ended then
         raise Tasking_Error;  --  the task has ended
      end if;
      begin
         Balances (Account) := Balances (Account) - Amount;
      exception
         when others =>
            Ended := True;  --  the exception would end the task
            raise;  --  and the caller gets it
      end;
      begin
         Ops := Ops + 1;
      exception
         when others =>
            Ended := True;  --  the exception would end the task
            return;
      end;
   end Withdraw;

   entry Balance (Account : Account_Id; Amount : out Integer) when True is
   begin
      if Ended then
         raise Tasking_Error;  --  the task has ended
      end if;
      begin
         Amount := Balances (Account);
      exception
         when others =>
            Ended := True;  --  the exception would end the task
            raise;  --  and the caller gets it
      end;
   end Balance;

   entry Operations (Count : out Natural) when True is
   begin
      if Ended then
         raise Tasking_Error;  --  the task has ended
      end if;
      Count := Ops;
   end Operations;

end Srv;
