--  Exceptions and rendezvous: an exception raised in an accept body
--  reaches both the caller and the server; one handled by the server's
--  loop keeps it alive, one not handled ends it, and later callers get
--  Tasking_Error -- also callers that were already queued.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Insufficient_Funds : exception;

   Refusals        : Natural := 0 with Volatile;
   Closed_By_Audit : Boolean := False with Volatile;

   package Account is
      procedure Deposit (Amount : Positive);
      procedure Withdraw (Amount : Positive; New_Balance : out Natural);
      procedure Audit (Code : Integer);
      procedure Balance (B : out Natural);
   end Account;

   package body Account is
      Current : Natural := 100;
      Errors  : Natural := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Deposit;
         entry Withdraw;
         entry Audit;
         entry Balance;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Deposit when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Deposit;

         entry Withdraw when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Withdraw;

         entry Audit when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Audit;

         entry Balance when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Balance;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Deposit (Amount : Positive) is
         Ended : Boolean := False;
      begin
         Turn.Deposit;
         begin
            Current := Current + Amount;
         exception
            when Insufficient_Funds =>
               begin
                  Errors := Errors + 1;
                  Refusals := Errors;
               exception
                  when Constraint_Error =>
                     begin
                        Closed_By_Audit := True;
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Ended := True;
                  when others =>
                     Ended := True;
               end;
               Turn.Finish (Ended);
               raise;
            when others =>   -- the task body's handlers take it
               begin
                  raise;
               exception
                  when Constraint_Error =>
                     begin
                        Closed_By_Audit := True;
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Turn.Finish (Ended => True);
                     raise;
                  when others =>
                     Turn.Finish (Ended => True);
                     raise;
               end;
         end;
         Turn.Finish (Ended => False);
      end Deposit;

      procedure Withdraw (Amount : Positive; New_Balance : out Natural) is
         Ended : Boolean := False;
      begin
         Turn.Withdraw;
         begin
            if Amount > Current then
               raise Insufficient_Funds;
            end if;
            Current := Current - Amount;
            New_Balance := Current;
         exception
            when Insufficient_Funds =>
               begin
                  Errors := Errors + 1;
                  Refusals := Errors;
               exception
                  when Constraint_Error =>
                     begin
                        Closed_By_Audit := True;
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Ended := True;
                  when others =>
                     Ended := True;
               end;
               Turn.Finish (Ended);
               raise;
            when others =>   -- the task body's handlers take it
               begin
                  raise;
               exception
                  when Constraint_Error =>
                     begin
                        Closed_By_Audit := True;
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Turn.Finish (Ended => True);
                     raise;
                  when others =>
                     Turn.Finish (Ended => True);
                     raise;
               end;
         end;
         Turn.Finish (Ended => False);
      end Withdraw;

      procedure Audit (Code : Integer) is
         Ended : Boolean := False;
      begin
         Turn.Audit;
         begin
            Current := Current + Natural (Code);
         exception
            when Insufficient_Funds =>
               begin
                  Errors := Errors + 1;
                  Refusals := Errors;
               exception
                  when Constraint_Error =>
                     begin
                        Closed_By_Audit := True;
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Ended := True;
                  when others =>
                     Ended := True;
               end;
               Turn.Finish (Ended);
               raise;
            when others =>   -- the task body's handlers take it
               begin
                  raise;
               exception
                  when Constraint_Error =>
                     begin
                        Closed_By_Audit := True;
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Turn.Finish (Ended => True);
                     raise;
                  when others =>
                     Turn.Finish (Ended => True);
                     raise;
               end;
         end;
         Turn.Finish (Ended => False);
      end Audit;

      procedure Balance (B : out Natural) is
         Ended : Boolean := False;
      begin
         Turn.Balance;
         begin
            B := Current;
         exception
            when Insufficient_Funds =>
               begin
                  Errors := Errors + 1;
                  Refusals := Errors;
               exception
                  when Constraint_Error =>
                     begin
                        Closed_By_Audit := True;
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Ended := True;
                  when others =>
                     Ended := True;
               end;
               Turn.Finish (Ended);
               raise;
            when others =>   -- the task body's handlers take it
               begin
                  raise;
               exception
                  when Constraint_Error =>
                     begin
                        Closed_By_Audit := True;
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Turn.Finish (Ended => True);
                     raise;
                  when others =>
                     Turn.Finish (Ended => True);
                     raise;
               end;
         end;
         Turn.Finish (Ended => False);
      end Balance;
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
