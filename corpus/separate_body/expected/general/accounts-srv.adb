separate (Accounts)
protected body Srv is

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
      Disarm;
      Chosen := Srv_Deposit;
      Deposit_Account := Account;
      Deposit_Amount := Amount;
      Deposit_Done := False;
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
      Disarm;
      Chosen := Srv_Deposit;
      Deposit_Account := Account;
      Deposit_Amount := Amount;
      Deposit_Done := False;
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
      Disarm;
      Chosen := Srv_Withdraw;
      Withdraw_Account := Account;
      Withdraw_Amount := Amount;
      Withdraw_Done := False;
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
      Disarm;
      Chosen := Srv_Withdraw;
      Withdraw_Account := Account;
      Withdraw_Amount := Amount;
      Withdraw_Done := False;
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
      Disarm;
      Chosen := Srv_Balance;
      Balance_Account := Account;
      Balance_Amount := Amount;
      Balance_Done := False;
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
      Disarm;
      Chosen := Srv_Balance;
      Balance_Account := Account;
      Balance_Amount := Amount;
      Balance_Done := False;
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
      Disarm;
      Chosen := Srv_Operations;
      Operations_Count_2 := Count;
      Operations_Done := False;
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
      Disarm;
      Chosen := Srv_Operations;
      Operations_Count_2 := Count;
      Operations_Done := False;
      requeue Operations_Queue;
   end Operations_Held;

   entry Select_Arm
     (Order : Srv_Alternative_List;
      Poll, Timed_Wait, Wake : Boolean;
      Chosen_Position : out Natural)
     when not Closed is
      Found : Natural := 0;
      Any_Open : Boolean := False;
   begin
      Disarm;
      Chosen_Position := 0;
      Armed_Last := 0;
      for K in Order'Range loop
         if Order (K).Id /= Srv_No_Entry then
            Any_Open := True;
            if Found = 0 and then Queued (Order (K)) then
               Found := K;
            end if;
         end if;
      end loop;
      --  RM 9.7.1(21): every alternative closed and no else part
      if not Any_Open and then not (Poll or else Timed_Wait or else Wake) then
         raise Program_Error;
      end if;
      --  a caller already queued is taken first, in the select's order (as
      --  GNAT does)
      if Found /= 0 then
         Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
         Armed_Last := Found;
         Arm (Order (Found));
      elsif Poll then
         return;
      else
         Armed_List (1 .. Order'Length) := Order;
         Armed_Last := Order'Length;
         for K in Order'Range loop
            Arm (Order (K));
         end loop;
      end if;
      Via_Wake := Wake and then Found = 0;
      if Via_Wake then
         return;
      end if;
      requeue Select_Wait with abort;
   end Select_Arm;

   entry Select_Wait
     (Order : Srv_Alternative_List;
      Poll, Timed_Wait, Wake : Boolean;
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
            return Srv.Deposit'Count + Deposit_Held'Count > 0;
         when Srv_Withdraw =>
            return Srv.Withdraw'Count + Withdraw_Held'Count > 0;
         when Srv_Balance =>
            return Srv.Balance'Count + Balance_Held'Count > 0;
         when Srv_Operations =>
            return Srv.Operations'Count + Operations_Held'Count > 0;
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
end Srv;
