--  Exceptions and rendezvous: an exception raised in an accept body
--  reaches both the caller and the server; one handled by the server's
--  loop keeps it alive, one not handled ends it, and later callers get
--  Tasking_Error -- also callers that were already queued.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Insufficient_Funds : exception;

   Refusals        : Natural := 0 with Volatile;
   Closed_By_Audit : Boolean := False with Volatile;

   task Account is
      entry Deposit (Amount : Positive);
      entry Withdraw (Amount : Positive; New_Balance : out Natural);
      entry Audit (Code : Integer);
      entry Balance (B : out Natural);
   end Account;

   task body Account is
      Current : Natural := 100;
      Errors  : Natural := 0;
   begin
      loop
         begin
            select
               accept Deposit (Amount : Positive) do
                  Current := Current + Amount;
               end Deposit;
            or
               accept Withdraw (Amount : Positive; New_Balance : out Natural) do
                  if Amount > Current then
                     raise Insufficient_Funds;
                  end if;
                  Current := Current - Amount;
                  New_Balance := Current;
               end Withdraw;
            or
               accept Audit (Code : Integer) do
                  --  Constraint_Error for a negative code: not handled below
                  Current := Current + Natural (Code);
               end Audit;
            or
               accept Balance (B : out Natural) do
                  B := Current;
               end Balance;
            or
               terminate;
            end select;
         exception
            when Insufficient_Funds =>
               Errors := Errors + 1;
               Refusals := Errors;
         end;
      end loop;
   exception
      when Constraint_Error =>
         Closed_By_Audit := True;
   end Account;

   B : Natural;
begin
   Account.Deposit (50);
   Account.Withdraw (30, B);
   Put_Line ("balance after withdrawal" & Natural'Image (B));
   begin
      Account.Withdraw (500, B);
      Put_Line ("large withdrawal accepted (wrong)");
   exception
      when Insufficient_Funds =>
         Put_Line ("main: insufficient funds");
   end;
   Account.Balance (B);
   Put_Line ("balance still" & Natural'Image (B));
   begin
      Account.Audit (-1);
      Put_Line ("bad audit accepted (wrong)");
   exception
      when Constraint_Error =>
         Put_Line ("main: Constraint_Error from audit");
   end;
   delay 0.05;
   begin
      Account.Balance (B);
      Put_Line ("balance after close (wrong)");
   exception
      when Tasking_Error =>
         Put_Line ("main: Tasking_Error after close");
   end;
   begin
      Account.Deposit (1);
      Put_Line ("deposit after close (wrong)");
   exception
      when Tasking_Error =>
         Put_Line ("main: Tasking_Error again");
   end;
   Put_Line ("refusals seen by the account:" & Natural'Image (Refusals));
   Put_Line ("account closed by the audit: " & Boolean'Image (Closed_By_Audit));
end Main;
