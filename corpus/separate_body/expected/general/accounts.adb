with Ada.Exceptions;
with Ada.Finalization;
package body Accounts is

   type Srv_Entry is
     (Srv_No_Entry,
      Srv_Deposit,
      Srv_Withdraw,
      Srv_Balance,
      Srv_Operations);
   type Srv_Alternative is record
      Id : Srv_Entry := Srv_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Srv_Alternative_List is array (Positive range <>) of Srv_Alternative;
   --  rdv2po: the rendezvous of task Srv, for Srv_Agent
   protected Srv_Rendezvous is
      entry Deposit (Account : Account_Id; Amount : Natural);
      entry Withdraw (Account : Account_Id; Amount : Natural);
      entry Balance (Account : Account_Id; Amount : out Integer);
      entry Operations (Count : out Natural);
      entry Select_Arm
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural);
      entry Deposit_Held (Account : Account_Id; Amount : Natural);
      procedure Deposit_Woken (Account : in Account_Id; Amount : in Natural);
      procedure Deposit_Take (Account : out Account_Id; Amount : out Natural);
      procedure Deposit_Accept_End;
      procedure Deposit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Deposit_Queue (Account : in Account_Id; Amount : in Natural);
      entry Withdraw_Held (Account : Account_Id; Amount : Natural);
      procedure Withdraw_Woken (Account : in Account_Id; Amount : in Natural);
      procedure Withdraw_Take (Account : out Account_Id; Amount : out Natural);
      procedure Withdraw_Accept_End;
      procedure Withdraw_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Withdraw_Queue (Account : in Account_Id; Amount : in Natural);
      entry Balance_Held (Account : Account_Id; Amount : out Integer);
      procedure Balance_Woken (Account : in Account_Id; Amount : in Integer);
      procedure Balance_Take (Account : out Account_Id; Amount : out Integer);
      procedure Balance_Accept_End (Amount : in Integer);
      procedure Balance_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Balance_Queue (Account : in Account_Id; Amount : out Integer);
      entry Operations_Held (Count : out Natural);
      procedure Operations_Woken (Count : in Natural);
      procedure Operations_Take (Count : out Natural);
      procedure Operations_Accept_End (Count : in Natural);
      procedure Operations_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Operations_Queue (Count : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Srv_Alternative);
      function Queued (Alternative : Srv_Alternative) return Boolean;
      function Position_Of (Alternative : Srv_Alternative) return Natural;
      Armed_List : Srv_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Srv_Entry := Srv_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Deposit_Armed : Boolean := False;
      Deposit_Account : Account_Id;
      Deposit_Amount : Natural;
      Deposit_Done : Boolean := False;
      Deposit_Raised : Boolean := False;
      Deposit_Failure : Ada.Exceptions.Exception_Occurrence;
      Withdraw_Armed : Boolean := False;
      Withdraw_Account : Account_Id;
      Withdraw_Amount : Natural;
      Withdraw_Done : Boolean := False;
      Withdraw_Raised : Boolean := False;
      Withdraw_Failure : Ada.Exceptions.Exception_Occurrence;
      Balance_Armed : Boolean := False;
      Balance_Account : Account_Id;
      Balance_Amount : Integer;
      Balance_Done : Boolean := False;
      Balance_Raised : Boolean := False;
      Balance_Failure : Ada.Exceptions.Exception_Occurrence;
      Operations_Armed : Boolean := False;
      Operations_Count_2 : Natural;
      Operations_Done : Boolean := False;
      Operations_Raised : Boolean := False;
      Operations_Failure : Ada.Exceptions.Exception_Occurrence;
   end Srv_Rendezvous;
   task Srv_Agent is
      --  rdv2po: general scheme agent of Srv_Rendezvous
      entry Wake_1 (Positive range 1 .. 4)
        (Value_1 : in Account_Id; Value_2 : in Natural);
      entry Wake_2 (Positive range 1 .. 4)
        (Value_1 : in Account_Id; Value_2 : out Integer);
      entry Wake_3 (Positive range 1 .. 4) (Value_1 : out Natural);
   end Srv_Agent;

   protected body Srv is separate;

   protected body Srv_Rendezvous is

      entry Deposit (Account : Account_Id; Amount : Natural)
        when Closed
          or else (Chosen = Srv_No_Entry
                   and then Deposit_Armed
                   and then Deposit_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Srv_Agent.Wake_1
              (Position_Of ((Id => Srv_Deposit, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Srv_Deposit, Index => 0));
         Deposit_Woken (Account, Amount);
         requeue Deposit_Queue;
      end Deposit;

      entry Deposit_Held (Account : Account_Id; Amount : Natural)
        when Closed or else (Chosen = Srv_No_Entry and then Deposit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_Deposit, Index => 0));
         Deposit_Woken (Account, Amount);
         requeue Deposit_Queue;
      end Deposit_Held;

      entry Withdraw (Account : Account_Id; Amount : Natural)
        when Closed
          or else (Chosen = Srv_No_Entry
                   and then Withdraw_Armed
                   and then Withdraw_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Srv_Agent.Wake_1
              (Position_Of ((Id => Srv_Withdraw, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Srv_Withdraw, Index => 0));
         Withdraw_Woken (Account, Amount);
         requeue Withdraw_Queue;
      end Withdraw;

      entry Withdraw_Held (Account : Account_Id; Amount : Natural)
        when Closed or else (Chosen = Srv_No_Entry and then Withdraw_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_Withdraw, Index => 0));
         Withdraw_Woken (Account, Amount);
         requeue Withdraw_Queue;
      end Withdraw_Held;

      entry Balance (Account : Account_Id; Amount : out Integer)
        when Closed
          or else (Chosen = Srv_No_Entry
                   and then Balance_Armed
                   and then Balance_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Srv_Agent.Wake_2
              (Position_Of ((Id => Srv_Balance, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Srv_Balance, Index => 0));
         Balance_Woken (Account, Amount);
         requeue Balance_Queue;
      end Balance;

      entry Balance_Held (Account : Account_Id; Amount : out Integer)
        when Closed or else (Chosen = Srv_No_Entry and then Balance_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_Balance, Index => 0));
         Balance_Woken (Account, Amount);
         requeue Balance_Queue;
      end Balance_Held;

      entry Operations (Count : out Natural)
        when Closed
          or else (Chosen = Srv_No_Entry
                   and then Operations_Armed
                   and then Operations_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Srv_Agent.Wake_3
              (Position_Of ((Id => Srv_Operations, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Srv_Operations, Index => 0));
         Operations_Woken (Count);
         requeue Operations_Queue;
      end Operations;

      entry Operations_Held (Count : out Natural)
        when Closed or else (Chosen = Srv_No_Entry and then Operations_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_Operations, Index => 0));
         Operations_Woken (Count);
         requeue Operations_Queue;
      end Operations_Held;

      entry Select_Arm
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Srv_No_Entry then
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
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Srv_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Deposit_Armed := False;
         Withdraw_Armed := False;
         Balance_Armed := False;
         Operations_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Srv_Alternative) is
      begin
         case Alternative.Id is
            when Srv_Deposit =>
               Deposit_Armed := True;
            when Srv_Withdraw =>
               Withdraw_Armed := True;
            when Srv_Balance =>
               Balance_Armed := True;
            when Srv_Operations =>
               Operations_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Srv_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Srv_Deposit =>
               return Srv_Rendezvous.Deposit'Count + Deposit_Held'Count > 0;
            when Srv_Withdraw =>
               return Srv_Rendezvous.Withdraw'Count + Withdraw_Held'Count > 0;
            when Srv_Balance =>
               return Srv_Rendezvous.Balance'Count + Balance_Held'Count > 0;
            when Srv_Operations =>
               return Srv_Rendezvous.Operations'Count + Operations_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Srv_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Deposit_Take (Account : out Account_Id; Amount : out Natural) is
      begin
         Account := Deposit_Account;
         Amount := Deposit_Amount;
         Chosen := Srv_No_Entry;
      end Deposit_Take;

      procedure Deposit_Woken (Account : in Account_Id; Amount : in Natural) is
      begin
         Disarm;
         Chosen := Srv_Deposit;
         Deposit_Account := Account;
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

      entry Deposit_Queue (Account : in Account_Id; Amount : in Natural)
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

      procedure Withdraw_Take (Account : out Account_Id; Amount : out Natural) is
      begin
         Account := Withdraw_Account;
         Amount := Withdraw_Amount;
         Chosen := Srv_No_Entry;
      end Withdraw_Take;

      procedure Withdraw_Woken (Account : in Account_Id; Amount : in Natural) is
      begin
         Disarm;
         Chosen := Srv_Withdraw;
         Withdraw_Account := Account;
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

      entry Withdraw_Queue (Account : in Account_Id; Amount : in Natural)
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

      procedure Balance_Take (Account : out Account_Id; Amount : out Integer) is
      begin
         Account := Balance_Account;
         Amount := Balance_Amount;
         Chosen := Srv_No_Entry;
      end Balance_Take;

      procedure Balance_Woken (Account : in Account_Id; Amount : in Integer) is
      begin
         Disarm;
         Chosen := Srv_Balance;
         Balance_Account := Account;
         Balance_Amount := Amount;
         Balance_Done := False;
      end Balance_Woken;

      procedure Balance_Accept_End (Amount : in Integer) is
      begin
         Balance_Amount := Amount;
         Balance_Done := True;
      end Balance_Accept_End;

      procedure Balance_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Balance_Failure, Occurrence);
         Balance_Raised := True;
         Balance_Done := True;
      end Balance_Failed;

      entry Balance_Queue (Account : in Account_Id; Amount : out Integer)
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
         Amount := Balance_Amount;
      end Balance_Queue;

      procedure Operations_Take (Count : out Natural) is
      begin
         Count := Operations_Count_2;
         Chosen := Srv_No_Entry;
      end Operations_Take;

      procedure Operations_Woken (Count : in Natural) is
      begin
         Disarm;
         Chosen := Srv_Operations;
         Operations_Count_2 := Count;
         Operations_Done := False;
      end Operations_Woken;

      procedure Operations_Accept_End (Count : in Natural) is
      begin
         Operations_Count_2 := Count;
         Operations_Done := True;
      end Operations_Accept_End;

      procedure Operations_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Operations_Failure, Occurrence);
         Operations_Raised := True;
         Operations_Done := True;
      end Operations_Failed;

      entry Operations_Queue (Count : out Natural)
        when Operations_Done or else Closed is
      begin
         if not Operations_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Operations_Done := False;
         if Operations_Raised then
            Operations_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Operations_Failure);
         end if;
         Count := Operations_Count_2;
      end Operations_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Srv_Rendezvous;

   task body Srv_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Srv_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Srv_Closer);
      overriding procedure Finalize (Object : in out Srv_Closer) is
      begin
         Srv_Rendezvous.Close;
      end Finalize;
      Closer : Srv_Closer;
      Balances : array (Account_Id) of Integer := (others => 0);
      Ops      : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Srv_Alternative_List :=
              (1 => (Srv_Deposit, 0),
               2 => (Srv_Withdraw, 0),
               3 => (Srv_Balance, 0),
               4 => (Srv_Operations, 0));
            Choice : Natural;
         begin
            Srv_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Account_Id; Value_2 : in Natural) do
                     Srv_Rendezvous.Deposit_Woken (Value_1, Value_2);
                     requeue Srv_Rendezvous.Deposit_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2)
                    (Value_1 : in Account_Id; Value_2 : in Natural) do
                     Srv_Rendezvous.Withdraw_Woken (Value_1, Value_2);
                     requeue Srv_Rendezvous.Withdraw_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_2 (3)
                    (Value_1 : in Account_Id; Value_2 : out Integer) do
                     Srv_Rendezvous.Balance_Woken (Value_1, Value_2);
                     requeue Srv_Rendezvous.Balance_Queue;
                  end Wake_2;
                  Choice := 3;
               or
                  accept Wake_3 (4) (Value_1 : out Natural) do
                     Srv_Rendezvous.Operations_Woken (Value_1);
                     requeue Srv_Rendezvous.Operations_Queue;
                  end Wake_3;
                  Choice := 4;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Account_Id; Value_2 : in Natural) do
                        requeue Srv_Rendezvous.Deposit_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2)
                       (Value_1 : in Account_Id; Value_2 : in Natural) do
                        requeue Srv_Rendezvous.Withdraw_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (3)
                       (Value_1 : in Account_Id; Value_2 : out Integer) do
                        requeue Srv_Rendezvous.Balance_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (4) (Value_1 : out Natural) do
                        requeue Srv_Rendezvous.Operations_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Account : Account_Id;
                     Amount : Natural;
                  begin
                     Srv_Rendezvous.Deposit_Take (Account, Amount);
                     begin
                        Balances (Account) := Balances (Account) + Amount;
                     exception
                        when Occurrence : others =>
                           Srv_Rendezvous.Deposit_Failed (Occurrence);
                           raise;
                     end;
                     Srv_Rendezvous.Deposit_Accept_End;
                  end;
                  Ops := Ops + 1;
               when 2 =>
                  declare
                     Account : Account_Id;
                     Amount : Natural;
                  begin
                     Srv_Rendezvous.Withdraw_Take (Account, Amount);
                     begin
                        Balances (Account) := Balances (Account) - Amount;
                     exception
                        when Occurrence : others =>
                           Srv_Rendezvous.Withdraw_Failed (Occurrence);
                           raise;
                     end;
                     Srv_Rendezvous.Withdraw_Accept_End;
                  end;
                  Ops := Ops + 1;
               when 3 =>
                  declare
                     Account : Account_Id;
                     Amount : Integer;
                  begin
                     Srv_Rendezvous.Balance_Take (Account, Amount);
                     begin
                        Amount := Balances (Account);
                     exception
                        when Occurrence : others =>
                           Srv_Rendezvous.Balance_Failed (Occurrence);
                           raise;
                     end;
                     Srv_Rendezvous.Balance_Accept_End (Amount);
                  end;
               when 4 =>
                  declare
                     Count : Natural;
                  begin
                     Srv_Rendezvous.Operations_Take (Count);
                     begin
                        Count := Ops;
                     exception
                        when Occurrence : others =>
                           Srv_Rendezvous.Operations_Failed (Occurrence);
                           raise;
                     end;
                     Srv_Rendezvous.Operations_Accept_End (Count);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Srv_Agent;

end Accounts;
