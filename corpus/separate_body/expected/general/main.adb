--  Separate task bodies: the server Accounts.Srv (subunit
--  accounts-srv.adb) and the client task type Main.Client (subunit
--  main-client.adb).

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Accounts;

procedure Main is

   use type Accounts.Account_Id;

   Rounds : constant := 25;

   type Client;
   type Client_Entry is (Client_No_Entry, Client_Start);
   task type Client_Agent (Self : not null access Client) is
      --  rdv2po: general scheme agent of Client
   end Client_Agent;
   --  rdv2po: task type Client became this protected type; its code runs in
   --  Client_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Client is
      entry Start (Own, Other : Accounts.Account_Id; Amount : Natural);
      --  rdv2po: the rendezvous protocol, for Client_Agent
      entry Start_Accept_Begin
        (Own : out Accounts.Account_Id;
         Other : out Accounts.Account_Id;
         Amount : out Natural);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue
        (Own : in Accounts.Account_Id;
         Other : in Accounts.Account_Id;
         Amount : in Natural);
      procedure Close;
   private
      Chosen : Client_Entry := Client_No_Entry;
      Closed : Boolean := False;
      Start_Own : Accounts.Account_Id;
      Start_Other : Accounts.Account_Id;
      Start_Amount : Natural;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Client_Agent (Self => Client'Unchecked_Access);
   end Client;

   protected body Client is separate;

   task body Client_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Client_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Client_Closer);
      overriding procedure Finalize (Object : in out Client_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Client_Closer;
      Me, Peer : Accounts.Account_Id;
      Step     : Natural;
   begin
      declare
         Own : Accounts.Account_Id;
         Other : Accounts.Account_Id;
         Amount : Natural;
      begin
         Self.Start_Accept_Begin (Own, Other, Amount);
         begin
            Me := Own;
            Peer := Other;
            Step := Amount;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      pragma Assert (Peer /= Me);
      for R in 1 .. Rounds loop
         Accounts.Srv.Deposit (Me, Step);
         --  Move half of it on to the peer account.
         Accounts.Srv.Withdraw (Me, Step / 2);
         Accounts.Srv.Deposit (Peer, Step / 2);
      end loop;
   end Client_Agent;

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
