--  Separate task bodies: the server Accounts.Srv (subunit
--  accounts-srv.adb) and the client task type Main.Client (subunit
--  main-client.adb).

with Ada.Text_IO; use Ada.Text_IO;
with Accounts;

procedure Main is

   use type Accounts.Account_Id;

   Rounds : constant := 25;

   task type Client is
      entry Start (Own, Other : Accounts.Account_Id; Amount : Natural);
   end Client;

   task body Client is separate;

   Amount : Integer;
   Ops    : Natural;
   Total  : Integer := 0;

begin
   declare
      Clients : array (Accounts.Account_Id) of Client;
   begin
      for A in Clients'Range loop
         Clients (A).Start
           (Own    => A,
            Other  => (if A = Accounts.Account_Id'Last
                       then Accounts.Account_Id'First
                       else A + 1),
            Amount => Natural (A) * 10);
      end loop;
   end;
   for A in Accounts.Account_Id loop
      Accounts.Srv.Balance (A, Amount);
      Put_Line ("account" & Accounts.Account_Id'Image (A) &
                " balance" & Integer'Image (Amount));
      Total := Total + Amount;
   end loop;
   Accounts.Srv.Operations (Ops);
   Put_Line ("operations" & Natural'Image (Ops));
   Put_Line ("total" & Integer'Image (Total));
   if Ops = 3 * 3 * Rounds and then Total = Rounds * (10 + 20 + 30) then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
