--  Exceptions and rendezvous: an exception raised in an accept body
--  reaches both the caller and the server; one handled by the server's
--  loop keeps it alive, one not handled ends it, and later callers get
--  Tasking_Error -- also callers that were already queued.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Insufficient_Funds : exception;

   Refusals        : Natural := 0 with Volatile;
   Closed_By_Audit : Boolean := False with Volatile;

   type Account_Entry is
     (Account_No_Entry,
      Account_Deposit,
      Account_Withdraw,
      Account_Audit,
      Account_Balance);
   type Account_Alternative is record
      Id : Account_Entry := Account_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Account_Alternative_List is array (Positive range <>) of Account_Alternative;
   --  rdv2po: task Account became this protected object; its code runs in the
   --  task Account_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Account is
      entry Deposit (Amount : Positive);
      entry Withdraw (Amount : Positive; New_Balance : out Natural);
      entry Audit (Code : Integer);
      entry Balance (B : out Natural);
      --  rdv2po: the rendezvous protocol, for Account_Agent
      entry Select_Arm
        (Order : Account_Alternative_List;
         Chosen_Position : out Natural);
      entry Deposit_Held (Amount : Positive);
      procedure Deposit_Woken (Amount : in Positive);
      procedure Deposit_Take (Amount : out Positive);
      procedure Deposit_Accept_End;
      procedure Deposit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Deposit_Queue (Amount : in Positive);
      entry Withdraw_Held (Amount : Positive; New_Balance : out Natural);
      procedure Withdraw_Woken
        (Amount : in Positive;
         New_Balance : in Natural);
      procedure Withdraw_Take
        (Amount : out Positive;
         New_Balance : out Natural);
      procedure Withdraw_Accept_End (New_Balance : in Natural);
      procedure Withdraw_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Withdraw_Queue (Amount : in Positive; New_Balance : out Natural);
      entry Audit_Held (Code : Integer);
      procedure Audit_Woken (Code : in Integer);
      procedure Audit_Take (Code : out Integer);
      procedure Audit_Accept_End;
      procedure Audit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Audit_Queue (Code : in Integer);
      entry Balance_Held (B : out Natural);
      procedure Balance_Woken (B : in Natural);
      procedure Balance_Take (B : out Natural);
      procedure Balance_Accept_End (B : in Natural);
      procedure Balance_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Balance_Queue (B : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Account_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Account_Alternative);
      function Queued (Alternative : Account_Alternative) return Boolean;
      function Position_Of (Alternative : Account_Alternative) return Natural;
      Armed_List : Account_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Account_Entry := Account_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Deposit_Armed : Boolean := False;
      Deposit_Amount : Positive;
      Deposit_Done : Boolean := False;
      Deposit_Raised : Boolean := False;
      Deposit_Failure : Ada.Exceptions.Exception_Occurrence;
      Withdraw_Armed : Boolean := False;
      Withdraw_Amount : Positive;
      Withdraw_New_Balance : Natural;
      Withdraw_Done : Boolean := False;
      Withdraw_Raised : Boolean := False;
      Withdraw_Failure : Ada.Exceptions.Exception_Occurrence;
      Audit_Armed : Boolean := False;
      Audit_Code : Integer;
      Audit_Done : Boolean := False;
      Audit_Raised : Boolean := False;
      Audit_Failure : Ada.Exceptions.Exception_Occurrence;
      Balance_Armed : Boolean := False;
      Balance_B : Natural;
      Balance_Done : Boolean := False;
      Balance_Raised : Boolean := False;
      Balance_Failure : Ada.Exceptions.Exception_Occurrence;
   end Account;
   task Account_Agent is
      --  rdv2po: general scheme agent of Account
      entry Wake_1 (Positive range 1 .. 4) (Value_1 : in Positive);
      entry Wake_2 (Positive range 1 .. 4)
        (Value_1 : in Positive; Value_2 : out Natural);
      entry Wake_3 (Positive range 1 .. 4) (Value_1 : in Integer);
      entry Wake_4 (Positive range 1 .. 4) (Value_1 : out Natural);
   end Account_Agent;

   protected body Account is

      entry Deposit (Amount : Positive)
        when Closed
          or else (Chosen = Account_No_Entry
                   and then Deposit_Armed
                   and then Deposit_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Account_Agent.Wake_1
              (Position_Of ((Id => Account_Deposit, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Account_Deposit, Index => 0));
         Deposit_Woken (Amount);
         requeue Deposit_Queue;
      end Deposit;

      entry Deposit_Held (Amount : Positive)
        when Closed or else (Chosen = Account_No_Entry and then Deposit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Account_Deposit, Index => 0));
         Deposit_Woken (Amount);
         requeue Deposit_Queue;
      end Deposit_Held;

      entry Withdraw (Amount : Positive; New_Balance : out Natural)
        when Closed
          or else (Chosen = Account_No_Entry
                   and then Withdraw_Armed
                   and then Withdraw_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Account_Agent.Wake_2
              (Position_Of ((Id => Account_Withdraw, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Account_Withdraw, Index => 0));
         Withdraw_Woken (Amount, New_Balance);
         requeue Withdraw_Queue;
      end Withdraw;

      entry Withdraw_Held (Amount : Positive; New_Balance : out Natural)
        when Closed or else (Chosen = Account_No_Entry and then Withdraw_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Account_Withdraw, Index => 0));
         Withdraw_Woken (Amount, New_Balance);
         requeue Withdraw_Queue;
      end Withdraw_Held;

      entry Audit (Code : Integer)
        when Closed
          or else (Chosen = Account_No_Entry
                   and then Audit_Armed
                   and then Audit_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Account_Agent.Wake_3
              (Position_Of ((Id => Account_Audit, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Account_Audit, Index => 0));
         Audit_Woken (Code);
         requeue Audit_Queue;
      end Audit;

      entry Audit_Held (Code : Integer)
        when Closed or else (Chosen = Account_No_Entry and then Audit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Account_Audit, Index => 0));
         Audit_Woken (Code);
         requeue Audit_Queue;
      end Audit_Held;

      entry Balance (B : out Natural)
        when Closed
          or else (Chosen = Account_No_Entry
                   and then Balance_Armed
                   and then Balance_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Account_Agent.Wake_4
              (Position_Of ((Id => Account_Balance, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Account_Balance, Index => 0));
         Balance_Woken (B);
         requeue Balance_Queue;
      end Balance;

      entry Balance_Held (B : out Natural)
        when Closed or else (Chosen = Account_No_Entry and then Balance_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Account_Balance, Index => 0));
         Balance_Woken (B);
         requeue Balance_Queue;
      end Balance_Held;

      entry Select_Arm
        (Order : Account_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Account_No_Entry then
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Account_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Account_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Deposit_Armed := False;
         Withdraw_Armed := False;
         Audit_Armed := False;
         Balance_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Account_Alternative) is
      begin
         case Alternative.Id is
            when Account_Deposit =>
               Deposit_Armed := True;
            when Account_Withdraw =>
               Withdraw_Armed := True;
            when Account_Audit =>
               Audit_Armed := True;
            when Account_Balance =>
               Balance_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Account_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Account_Deposit =>
               return Account.Deposit'Count + Deposit_Held'Count > 0;
            when Account_Withdraw =>
               return Account.Withdraw'Count + Withdraw_Held'Count > 0;
            when Account_Audit =>
               return Account.Audit'Count + Audit_Held'Count > 0;
            when Account_Balance =>
               return Account.Balance'Count + Balance_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Account_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Deposit_Take (Amount : out Positive) is
      begin
         Amount := Deposit_Amount;
         Chosen := Account_No_Entry;
      end Deposit_Take;

      procedure Deposit_Woken (Amount : in Positive) is
      begin
         Disarm;
         Chosen := Account_Deposit;
         Deposit_Amount := Amount;
         Deposit_Done := False;
      end Deposit_Woken;

      procedure Deposit_Accept_End is
      begin
         Deposit_Done := True;
      end Deposit_Accept_End;

      procedure Deposit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Deposit_Failure, Occurrence);
         Deposit_Raised := True;
         Deposit_Done := True;
      end Deposit_Failed;

      entry Deposit_Queue (Amount : in Positive)
        when Deposit_Done or else Closed is
      begin
         if not Deposit_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Deposit_Done := False;
         if Deposit_Raised then
            Deposit_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Deposit_Failure);
         end if;
      end Deposit_Queue;

      procedure Withdraw_Take
        (Amount : out Positive;
         New_Balance : out Natural) is
      begin
         Amount := Withdraw_Amount;
         New_Balance := Withdraw_New_Balance;
         Chosen := Account_No_Entry;
      end Withdraw_Take;

      procedure Withdraw_Woken
        (Amount : in Positive;
         New_Balance : in Natural) is
      begin
         Disarm;
         Chosen := Account_Withdraw;
         Withdraw_Amount := Amount;
         Withdraw_New_Balance := New_Balance;
         Withdraw_Done := False;
      end Withdraw_Woken;

      procedure Withdraw_Accept_End (New_Balance : in Natural) is
      begin
         Withdraw_New_Balance := New_Balance;
         Withdraw_Done := True;
      end Withdraw_Accept_End;

      procedure Withdraw_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Withdraw_Failure, Occurrence);
         Withdraw_Raised := True;
         Withdraw_Done := True;
      end Withdraw_Failed;

      entry Withdraw_Queue (Amount : in Positive; New_Balance : out Natural)
        when Withdraw_Done or else Closed is
      begin
         if not Withdraw_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Withdraw_Done := False;
         if Withdraw_Raised then
            Withdraw_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Withdraw_Failure);
         end if;
         New_Balance := Withdraw_New_Balance;
      end Withdraw_Queue;

      procedure Audit_Take (Code : out Integer) is
      begin
         Code := Audit_Code;
         Chosen := Account_No_Entry;
      end Audit_Take;

      procedure Audit_Woken (Code : in Integer) is
      begin
         Disarm;
         Chosen := Account_Audit;
         Audit_Code := Code;
         Audit_Done := False;
      end Audit_Woken;

      procedure Audit_Accept_End is
      begin
         Audit_Done := True;
      end Audit_Accept_End;

      procedure Audit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Audit_Failure, Occurrence);
         Audit_Raised := True;
         Audit_Done := True;
      end Audit_Failed;

      entry Audit_Queue (Code : in Integer)
        when Audit_Done or else Closed is
      begin
         if not Audit_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Audit_Done := False;
         if Audit_Raised then
            Audit_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Audit_Failure);
         end if;
      end Audit_Queue;

      procedure Balance_Take (B : out Natural) is
      begin
         B := Balance_B;
         Chosen := Account_No_Entry;
      end Balance_Take;

      procedure Balance_Woken (B : in Natural) is
      begin
         Disarm;
         Chosen := Account_Balance;
         Balance_B := B;
         Balance_Done := False;
      end Balance_Woken;

      procedure Balance_Accept_End (B : in Natural) is
      begin
         Balance_B := B;
         Balance_Done := True;
      end Balance_Accept_End;

      procedure Balance_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Balance_Failure, Occurrence);
         Balance_Raised := True;
         Balance_Done := True;
      end Balance_Failed;

      entry Balance_Queue (B : out Natural)
        when Balance_Done or else Closed is
      begin
         if not Balance_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Balance_Done := False;
         if Balance_Raised then
            Balance_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Balance_Failure);
         end if;
         B := Balance_B;
      end Balance_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Account;

   task body Account_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Account_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Account_Closer);
      overriding procedure Finalize (Object : in out Account_Closer) is
      begin
         Account.Close;
      end Finalize;
      Closer : Account_Closer;
      Current : Natural := 100;
      Errors  : Natural := 0;
   begin
      loop
         begin
            declare
               Alternatives : constant Account_Alternative_List :=
                 (1 => (Account_Deposit, 0),
                  2 => (Account_Withdraw, 0),
                  3 => (Account_Audit, 0),
                  4 => (Account_Balance, 0));
               Choice : Natural;
            begin
               Account.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Positive) do
                        Account.Deposit_Woken (Value_1);
                        requeue Account.Deposit_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : in Positive; Value_2 : out Natural) do
                        Account.Withdraw_Woken (Value_1, Value_2);
                        requeue Account.Withdraw_Queue;
                     end Wake_2;
                     Choice := 2;
                  or
                     accept Wake_3 (3) (Value_1 : in Integer) do
                        Account.Audit_Woken (Value_1);
                        requeue Account.Audit_Queue;
                     end Wake_3;
                     Choice := 3;
                  or
                     accept Wake_4 (4) (Value_1 : out Natural) do
                        Account.Balance_Woken (Value_1);
                        requeue Account.Balance_Queue;
                     end Wake_4;
                     Choice := 4;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Positive) do
                           requeue Account.Deposit_Held with abort;
                        end Wake_1;
                     or
                        accept Wake_2 (2)
                          (Value_1 : in Positive; Value_2 : out Natural) do
                           requeue Account.Withdraw_Held with abort;
                        end Wake_2;
                     or
                        accept Wake_3 (3) (Value_1 : in Integer) do
                           requeue Account.Audit_Held with abort;
                        end Wake_3;
                     or
                        accept Wake_4 (4) (Value_1 : out Natural) do
                           requeue Account.Balance_Held with abort;
                        end Wake_4;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        Amount : Positive;
                     begin
                        Account.Deposit_Take (Amount);
                        begin
                           Current := Current + Amount;
                        exception
                           when Occurrence : others =>
                              Account.Deposit_Failed (Occurrence);
                              raise;
                        end;
                        Account.Deposit_Accept_End;
                     end;
                  when 2 =>
                     declare
                        Amount : Positive;
                        New_Balance : Natural;
                     begin
                        Account.Withdraw_Take (Amount, New_Balance);
                        begin
                           if Amount > Current then
                              raise Insufficient_Funds;
                           end if;
                           Current := Current - Amount;
                           New_Balance := Current;
                        exception
                           when Occurrence : others =>
                              Account.Withdraw_Failed (Occurrence);
                              raise;
                        end;
                        Account.Withdraw_Accept_End (New_Balance);
                     end;
                  when 3 =>
                     declare
                        Code : Integer;
                     begin
                        Account.Audit_Take (Code);
                        begin
                           --  Constraint_Error for a negative code: not handled below
                           Current := Current + Natural (Code);
                        exception
                           when Occurrence : others =>
                              Account.Audit_Failed (Occurrence);
                              raise;
                        end;
                        Account.Audit_Accept_End;
                     end;
                  when 4 =>
                     declare
                        B : Natural;
                     begin
                        Account.Balance_Take (B);
                        begin
                           B := Current;
                        exception
                           when Occurrence : others =>
                              Account.Balance_Failed (Occurrence);
                              raise;
                        end;
                        Account.Balance_Accept_End (B);
                     end;
                  when others =>
                     null;
               end case;
            end;
         exception
            when Insufficient_Funds =>
               Errors := Errors + 1;
               Refusals := Errors;
         end;
      end loop;
   exception
      when Constraint_Error =>
         Closed_By_Audit := True;
   end Account_Agent;

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
