separate (Accounts)
protected body Srv is
   --  rdv2po: each call goes on to Srv_Rendezvous, as cancellable as it was
   entry Deposit (Account : Account_Id; Amount : Natural) when True is
   begin
      requeue Srv_Rendezvous.Deposit with abort;
   end Deposit;

   entry Withdraw (Account : Account_Id; Amount : Natural) when True is
   begin
      requeue Srv_Rendezvous.Withdraw with abort;
   end Withdraw;

   entry Balance (Account : Account_Id; Amount : out Integer) when True is
   begin
      requeue Srv_Rendezvous.Balance with abort;
   end Balance;

   entry Operations (Count : out Natural) when True is
   begin
      requeue Srv_Rendezvous.Operations with abort;
   end Operations;
end Srv;
