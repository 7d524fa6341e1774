--  A task type server (Account) beside tasks that are never objects of its
--  type: a single task Spender whose 'Terminated the main procedure polls
--  (also by an expanded name), an object Clock of another task type whose
--  'Terminated and 'Callable it reads.  None of these names can denote an
--  Account, so Account is translated.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Account;
   type Account_Entry is
     (Account_No_Entry,
      Account_Deposit,
      Account_Withdraw,
      Account_Balance);
   type Account_Alternative is record
      Id : Account_Entry := Account_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Account_Alternative_List is array (Positive range <>) of Account_Alternative;
   task type Account_Agent (Self : not null access Account) is
      --  rdv2po: general scheme agent of Account
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Natural);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Natural);
   end Account_Agent;
   --  rdv2po: task type Account became this protected type; its code runs in
   --  Account_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Account is
      entry Deposit (Amount : in Natural);
      entry Withdraw (Amount : in Natural);
      entry Balance (B : out Natural);
      --  rdv2po: the rendezvous protocol, for Account_Agent
      entry Select_Arm
        (Order : Account_Alternative_List;
         Chosen_Position : out Natural);
      entry Deposit_Held (Amount : in Natural);
      procedure Deposit_Woken (Amount : in Natural);
      procedure Deposit_Take (Amount : out Natural);
      procedure Deposit_Accept_End;
      procedure Deposit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Deposit_Queue (Amount : in Natural);
      entry Withdraw_Held (Amount : in Natural);
      procedure Withdraw_Woken (Amount : in Natural);
      procedure Withdraw_Take (Amount : out Natural);
      procedure Withdraw_Accept_End;
      procedure Withdraw_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Withdraw_Queue (Amount : in Natural);
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
      Armed_List : Account_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Account_Entry := Account_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Deposit_Armed : Boolean := False;
      Deposit_Amount : Natural;
      Deposit_Done : Boolean := False;
      Deposit_Raised : Boolean := False;
      Deposit_Failure : Ada.Exceptions.Exception_Occurrence;
      Withdraw_Armed : Boolean := False;
      Withdraw_Amount : Natural;
      Withdraw_Done : Boolean := False;
      Withdraw_Raised : Boolean := False;
      Withdraw_Failure : Ada.Exceptions.Exception_Occurrence;
      Balance_Armed : Boolean := False;
      Balance_B : Natural;
      Balance_Done : Boolean := False;
      Balance_Raised : Boolean := False;
      Balance_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Account_Agent (Self => Account'Unchecked_Access);
   end Account;
   protected body Account is

      entry Deposit (Amount : in Natural)
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
            requeue Agent.Wake_1
              (Position_Of ((Id => Account_Deposit, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Account_Deposit, Index => 0));
         Deposit_Woken (Amount);
         requeue Deposit_Queue;
      end Deposit;

      entry Deposit_Held (Amount : in Natural)
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

      entry Withdraw (Amount : in Natural)
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
            requeue Agent.Wake_1
              (Position_Of ((Id => Account_Withdraw, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Account_Withdraw, Index => 0));
         Withdraw_Woken (Amount);
         requeue Withdraw_Queue;
      end Withdraw;

      entry Withdraw_Held (Amount : in Natural)
        when Closed or else (Chosen = Account_No_Entry and then Withdraw_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Account_Withdraw, Index => 0));
         Withdraw_Woken (Amount);
         requeue Withdraw_Queue;
      end Withdraw_Held;

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
            requeue Agent.Wake_2
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

      procedure Deposit_Take (Amount : out Natural) is
      begin
         Amount := Deposit_Amount;
         Chosen := Account_No_Entry;
      end Deposit_Take;

      procedure Deposit_Woken (Amount : in Natural) is
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

      entry Deposit_Queue (Amount : in Natural)
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

      procedure Withdraw_Take (Amount : out Natural) is
      begin
         Amount := Withdraw_Amount;
         Chosen := Account_No_Entry;
      end Withdraw_Take;

      procedure Withdraw_Woken (Amount : in Natural) is
      begin
         Disarm;
         Chosen := Account_Withdraw;
         Withdraw_Amount := Amount;
         Withdraw_Done := False;
      end Withdraw_Woken;

      procedure Withdraw_Accept_End is
      begin
         Withdraw_Done := True;
      end Withdraw_Accept_End;

      procedure Withdraw_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Withdraw_Failure, Occurrence);
         Withdraw_Raised := True;
         Withdraw_Done := True;
      end Withdraw_Failed;

      entry Withdraw_Queue (Amount : in Natural)
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
      end Withdraw_Queue;

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
         Self.Close;
      end Finalize;
      Closer : Account_Closer;
      Current : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Account_Alternative_List :=
              (1 => (Account_Deposit, 0),
               2 => ((if Current >= 10 then Account_Withdraw else Account_No_Entry), 0),
               3 => (Account_Balance, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Natural) do
                     Self.Deposit_Woken (Value_1);
                     requeue Self.Deposit_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) (Value_1 : in Natural) do
                     Self.Withdraw_Woken (Value_1);
                     requeue Self.Withdraw_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_2 (3) (Value_1 : out Natural) do
                     Self.Balance_Woken (Value_1);
                     requeue Self.Balance_Queue;
                  end Wake_2;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Natural) do
                        requeue Self.Deposit_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) (Value_1 : in Natural) do
                        requeue Self.Withdraw_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (3) (Value_1 : out Natural) do
                        requeue Self.Balance_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Amount : Natural;
                  begin
                     Self.Deposit_Take (Amount);
                     begin
                        Current := Current + Amount;
                     exception
                        when Occurrence : others =>
                           Self.Deposit_Failed (Occurrence);
                           raise;
                     end;
                     Self.Deposit_Accept_End;
                  end;
               when 2 =>
                  declare
                     Amount : Natural;
                  begin
                     Self.Withdraw_Take (Amount);
                     begin
                        Current := Current - Amount;
                     exception
                        when Occurrence : others =>
                           Self.Withdraw_Failed (Occurrence);
                           raise;
                     end;
                     Self.Withdraw_Accept_End;
                  end;
               when 3 =>
                  declare
                     B : Natural;
                  begin
                     Self.Balance_Take (B);
                     begin
                        B := Current;
                     exception
                        when Occurrence : others =>
                           Self.Balance_Failed (Occurrence);
                           raise;
                     end;
                     Self.Balance_Accept_End (B);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Account_Agent;

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
