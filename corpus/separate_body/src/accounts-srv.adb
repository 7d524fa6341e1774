separate (Accounts)
task body Srv is
   Balances : array (Account_Id) of Integer := (others => 0);
   Ops      : Natural := 0;
begin
   loop
      select
         accept Deposit (Account : Account_Id; Amount : Natural) do
            Balances (Account) := Balances (Account) + Amount;
         end Deposit;
         Ops := Ops + 1;
      or
         accept Withdraw (Account : Account_Id; Amount : Natural) do
            Balances (Account) := Balances (Account) - Amount;
         end Withdraw;
         Ops := Ops + 1;
      or
         accept Balance (Account : Account_Id; Amount : out Integer) do
            Amount := Balances (Account);
         end Balance;
      or
         accept Operations (Count : out Natural) do
            Count := Ops;
         end Operations;
      or
         terminate;
      end select;
   end loop;
end Srv;
