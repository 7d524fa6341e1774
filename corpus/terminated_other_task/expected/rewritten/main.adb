--  A task type server (Account) beside tasks that are never objects of its
--  type: a single task Spender whose 'Terminated the main procedure polls
--  (also by an expanded name), an object Clock of another task type whose
--  'Terminated and 'Callable it reads.  None of these names can denote an
--  Account, so Account is translated.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected type Account is
      entry Deposit (Amount : in Natural);
      entry Withdraw (Amount : in Natural);
      entry Balance (B : out Natural);
   private
      --  rdv2po: task Account became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Current : Natural := 0;
   end Account;
   protected body Account is

      entry Deposit (Amount : in Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Current := Current + Amount;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Deposit;

      entry Withdraw (Amount : in Natural)
        when Ended or else Current >= 10
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Current := Current - Amount;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Withdraw;

      entry Balance (B : out Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         B := Current;
      end Balance;

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
