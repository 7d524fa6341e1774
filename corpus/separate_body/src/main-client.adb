separate (Main)
task body Client is
   Me, Peer : Accounts.Account_Id;
   Step     : Natural;
begin
   accept Start (Own, Other : Accounts.Account_Id; Amount : Natural) do
      Me := Own;
      Peer := Other;
      Step := Amount;
   end Start;
   pragma Assert (Peer /= Me);
   for R in 1 .. Rounds loop
      Accounts.Srv.Deposit (Me, Step);
      --  Move half of it on to the peer account.
      Accounts.Srv.Withdraw (Me, Step / 2);
      Accounts.Srv.Deposit (Peer, Step / 2);
   end loop;
end Client;
