--  A task type server (Account) beside tasks that are never objects of its
--  type: a single task Spender whose 'Terminated the main procedure polls
--  (also by an expanded name), an object Clock of another task type whose
--  'Terminated and 'Callable it reads.  None of these names can denote an
--  Account, so Account is translated.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Account is
      entry Deposit (Amount : in Natural);
      entry Withdraw (Amount : in Natural);
      entry Balance (B : out Natural);
   end Account;
   task body Account is
      Current : Natural := 0;
   begin
      loop
         select
            accept Deposit (Amount : in Natural) do
               Current := Current + Amount;
            end Deposit;
         or
            when Current >= 10 =>
               accept Withdraw (Amount : in Natural) do
                  Current := Current - Amount;
               end Withdraw;
         or
            accept Balance (B : out Natural) do
               B := Current;
            end Balance;
         or
            terminate;
         end select;
      end loop;
   end Account;

   task type Ticker;
   task body Ticker is
   begin
      for I in 1 .. 3 loop
         delay 0.001;
      end loop;
   end Ticker;

   Accounts : array (1 .. 3) of Account;
   Clock : Ticker;
   B : Natural;

   task Spender;
   task body Spender is
   begin
      for I in Accounts'Range loop
         Accounts (I).Withdraw (10);
      end loop;
   end Spender;
begin
   for I in Accounts'Range loop
      Accounts (I).Deposit (I * 10);
      Accounts (I).Deposit (5);
   end loop;
   while not Spender'Terminated loop
      delay 0.01;
   end loop;
   Put_Line ("Spender terminated: " & Boolean'Image (Main.Spender'Terminated));
   for I in Accounts'Range loop
      Accounts (I).Balance (B);
      Put_Line ("Account" & Integer'Image (I) & " balance" & Natural'Image (B));
   end loop;
   while not Clock'Terminated loop
      delay 0.01;
   end loop;
   Put_Line ("Clock callable: " & Boolean'Image (Clock'Callable));
   Put_Line ("PASSED");
end Main;
