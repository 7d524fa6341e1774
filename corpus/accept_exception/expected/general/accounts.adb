with Ada.Exceptions;
with Ada.Finalization;
package body Accounts is

   type Account_Entry is
     (Account_No_Entry,
      Account_Deposit,
      Account_Store,
      Account_Report);
   type Account_Alternative is record
      Id : Account_Entry := Account_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Account_Alternative_List is array (Positive range <>) of Account_Alternative;
   --  rdv2po: the rendezvous of task Account, for Account_Agent
   protected Account_Rendezvous is
      entry Deposit (Amount : in Integer);
      --  Negative_Amount if < 0
      entry Store (Slot : in Integer; Value : in Integer);
      --  Constraint_Error if Slot not in 1 .. Num_Slots
      entry Report (Balance : out Integer; Slot_Sum : out Integer;
                    Accepted, Rejected : out Natural);
      entry Select_Arm
        (Order : Account_Alternative_List;
         Chosen_Position : out Natural);
      entry Deposit_Held (Amount : in Integer);
      procedure Deposit_Woken (Amount : in Integer);
      procedure Deposit_Take (Amount : out Integer);
      procedure Deposit_Accept_End;
      procedure Deposit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Deposit_Queue (Amount : in Integer);
      entry Store_Held (Slot : in Integer; Value : in Integer);
      procedure Store_Woken (Slot : in Integer; Value : in Integer);
      procedure Store_Take (Slot : out Integer; Value : out Integer);
      procedure Store_Accept_End;
      procedure Store_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Store_Queue (Slot : in Integer; Value : in Integer);
      entry Report_Held
        (Balance : out Integer;
         Slot_Sum : out Integer;
         Accepted, Rejected : out Natural);
      procedure Report_Woken
        (Balance : in Integer;
         Slot_Sum : in Integer;
         Accepted : in Natural;
         Rejected : in Natural);
      procedure Report_Take
        (Balance : out Integer;
         Slot_Sum : out Integer;
         Accepted : out Natural;
         Rejected : out Natural);
      procedure Report_Accept_End
        (Balance : in Integer;
         Slot_Sum : in Integer;
         Accepted : in Natural;
         Rejected : in Natural);
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue
        (Balance : out Integer;
         Slot_Sum : out Integer;
         Accepted : out Natural;
         Rejected : out Natural);
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
      Deposit_Amount : Integer;
      Deposit_Done : Boolean := False;
      Deposit_Raised : Boolean := False;
      Deposit_Failure : Ada.Exceptions.Exception_Occurrence;
      Store_Armed : Boolean := False;
      Store_Slot : Integer;
      Store_Value : Integer;
      Store_Done : Boolean := False;
      Store_Raised : Boolean := False;
      Store_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Balance : Integer;
      Report_Slot_Sum : Integer;
      Report_Accepted : Natural;
      Report_Rejected : Natural;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Account_Rendezvous;
   task Account_Agent is
      --  rdv2po: general scheme agent of Account_Rendezvous
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3)
        (Value_1 : in Integer; Value_2 : in Integer);
      entry Wake_3 (Positive range 1 .. 3)
        (Value_1 : out Integer;
         Value_2 : out Integer;
         Value_3 : out Natural;
         Value_4 : out Natural);
   end Account_Agent;

   protected body Account is
      --  rdv2po: each call goes on to Account_Rendezvous, as cancellable as it
      --  was
      entry Deposit (Amount : in Integer) when True is
      begin
         requeue Account_Rendezvous.Deposit with abort;
      end Deposit;

      entry Store (Slot : in Integer; Value : in Integer) when True is
      begin
         requeue Account_Rendezvous.Store with abort;
      end Store;

      entry Report
        (Balance : out Integer;
         Slot_Sum : out Integer;
         Accepted, Rejected : out Natural)
        when True is
      begin
         requeue Account_Rendezvous.Report with abort;
      end Report;
   end Account;

   protected body Account_Rendezvous is

      entry Deposit (Amount : in Integer)
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

      entry Deposit_Held (Amount : in Integer)
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

      entry Store (Slot : in Integer; Value : in Integer)
        when Closed
          or else (Chosen = Account_No_Entry
                   and then Store_Armed
                   and then Store_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Account_Agent.Wake_2
              (Position_Of ((Id => Account_Store, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Account_Store, Index => 0));
         Store_Woken (Slot, Value);
         requeue Store_Queue;
      end Store;

      entry Store_Held (Slot : in Integer; Value : in Integer)
        when Closed or else (Chosen = Account_No_Entry and then Store_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Account_Store, Index => 0));
         Store_Woken (Slot, Value);
         requeue Store_Queue;
      end Store_Held;

      entry Report
        (Balance : out Integer;
         Slot_Sum : out Integer;
         Accepted, Rejected : out Natural)
        when Closed
          or else (Chosen = Account_No_Entry
                   and then Report_Armed
                   and then Report_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Account_Agent.Wake_3
              (Position_Of ((Id => Account_Report, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Account_Report, Index => 0));
         Report_Woken (Balance, Slot_Sum, Accepted, Rejected);
         requeue Report_Queue;
      end Report;

      entry Report_Held
        (Balance : out Integer;
         Slot_Sum : out Integer;
         Accepted, Rejected : out Natural)
        when Closed or else (Chosen = Account_No_Entry and then Report_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Account_Report, Index => 0));
         Report_Woken (Balance, Slot_Sum, Accepted, Rejected);
         requeue Report_Queue;
      end Report_Held;

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
         Store_Armed := False;
         Report_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Account_Alternative) is
      begin
         case Alternative.Id is
            when Account_Deposit =>
               Deposit_Armed := True;
            when Account_Store =>
               Store_Armed := True;
            when Account_Report =>
               Report_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Account_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Account_Deposit =>
               return Account_Rendezvous.Deposit'Count
                 + Deposit_Held'Count > 0;
            when Account_Store =>
               return Account_Rendezvous.Store'Count + Store_Held'Count > 0;
            when Account_Report =>
               return Account_Rendezvous.Report'Count + Report_Held'Count > 0;
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

      procedure Deposit_Take (Amount : out Integer) is
      begin
         Amount := Deposit_Amount;
         Chosen := Account_No_Entry;
      end Deposit_Take;

      procedure Deposit_Woken (Amount : in Integer) is
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

      entry Deposit_Queue (Amount : in Integer)
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

      procedure Store_Take (Slot : out Integer; Value : out Integer) is
      begin
         Slot := Store_Slot;
         Value := Store_Value;
         Chosen := Account_No_Entry;
      end Store_Take;

      procedure Store_Woken (Slot : in Integer; Value : in Integer) is
      begin
         Disarm;
         Chosen := Account_Store;
         Store_Slot := Slot;
         Store_Value := Value;
         Store_Done := False;
      end Store_Woken;

      procedure Store_Accept_End is
      begin
         Store_Done := True;
      end Store_Accept_End;

      procedure Store_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Store_Failure, Occurrence);
         Store_Raised := True;
         Store_Done := True;
      end Store_Failed;

      entry Store_Queue (Slot : in Integer; Value : in Integer)
        when Store_Done or else Closed is
      begin
         if not Store_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Store_Done := False;
         if Store_Raised then
            Store_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Store_Failure);
         end if;
      end Store_Queue;

      procedure Report_Take
        (Balance : out Integer;
         Slot_Sum : out Integer;
         Accepted : out Natural;
         Rejected : out Natural) is
      begin
         Balance := Report_Balance;
         Slot_Sum := Report_Slot_Sum;
         Accepted := Report_Accepted;
         Rejected := Report_Rejected;
         Chosen := Account_No_Entry;
      end Report_Take;

      procedure Report_Woken
        (Balance : in Integer;
         Slot_Sum : in Integer;
         Accepted : in Natural;
         Rejected : in Natural) is
      begin
         Disarm;
         Chosen := Account_Report;
         Report_Balance := Balance;
         Report_Slot_Sum := Slot_Sum;
         Report_Accepted := Accepted;
         Report_Rejected := Rejected;
         Report_Done := False;
      end Report_Woken;

      procedure Report_Accept_End
        (Balance : in Integer;
         Slot_Sum : in Integer;
         Accepted : in Natural;
         Rejected : in Natural) is
      begin
         Report_Balance := Balance;
         Report_Slot_Sum := Slot_Sum;
         Report_Accepted := Accepted;
         Report_Rejected := Rejected;
         Report_Done := True;
      end Report_Accept_End;

      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
         Report_Raised := True;
         Report_Done := True;
      end Report_Failed;

      entry Report_Queue
        (Balance : out Integer;
         Slot_Sum : out Integer;
         Accepted : out Natural;
         Rejected : out Natural)
        when Report_Done or else Closed is
      begin
         if not Report_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Report_Done := False;
         if Report_Raised then
            Report_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Report_Failure);
         end if;
         Balance := Report_Balance;
         Slot_Sum := Report_Slot_Sum;
         Accepted := Report_Accepted;
         Rejected := Report_Rejected;
      end Report_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Account_Rendezvous;

   task body Account_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Account_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Account_Closer);
      overriding procedure Finalize (Object : in out Account_Closer) is
      begin
         Account_Rendezvous.Close;
      end Finalize;
      Closer : Account_Closer;
      Total : Integer := 0;
      Slots : array (1 .. Num_Slots) of Integer := (others => 0);
      Good  : Natural := 0;
      Bad   : Natural := 0;
   begin
      loop
         begin
            declare
               Alternatives : constant Account_Alternative_List :=
                 (1 => (Account_Deposit, 0),
                  2 => (Account_Store, 0),
                  3 => (Account_Report, 0));
               Choice : Natural;
            begin
               Account_Rendezvous.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Account_Rendezvous.Deposit_Woken (Value_1);
                        requeue Account_Rendezvous.Deposit_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : in Integer; Value_2 : in Integer) do
                        Account_Rendezvous.Store_Woken (Value_1, Value_2);
                        requeue Account_Rendezvous.Store_Queue;
                     end Wake_2;
                     Choice := 2;
                  or
                     accept Wake_3 (3)
                       
                         (Value_1 : out Integer;
                          Value_2 : out Integer;
                          Value_3 : out Natural;
                          Value_4 : out Natural) do
                        Account_Rendezvous.Report_Woken (Value_1, Value_2, Value_3, Value_4);
                        requeue Account_Rendezvous.Report_Queue;
                     end Wake_3;
                     Choice := 3;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Account_Rendezvous.Deposit_Held with abort;
                        end Wake_1;
                     or
                        accept Wake_2 (2)
                          (Value_1 : in Integer; Value_2 : in Integer) do
                           requeue Account_Rendezvous.Store_Held with abort;
                        end Wake_2;
                     or
                        accept Wake_3 (3)
                          
                            (Value_1 : out Integer;
                             Value_2 : out Integer;
                             Value_3 : out Natural;
                             Value_4 : out Natural) do
                           requeue Account_Rendezvous.Report_Held with abort;
                        end Wake_3;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        Amount : Integer;
                     begin
                        Account_Rendezvous.Deposit_Take (Amount);
                        begin
                           if Amount < 0 then
                              raise Negative_Amount;
                           end if;
                           Total := Total + Amount;
                        exception
                           when Occurrence : others =>
                              Account_Rendezvous.Deposit_Failed (Occurrence);
                              raise;
                        end;
                        Account_Rendezvous.Deposit_Accept_End;
                     end;
                     Good := Good + 1;
                  when 2 =>
                     declare
                        Slot : Integer;
                        Value : Integer;
                     begin
                        Account_Rendezvous.Store_Take (Slot, Value);
                        begin
                           Slots (Slot) := Value;   --  index check
                        exception
                           when Occurrence : others =>
                              Account_Rendezvous.Store_Failed (Occurrence);
                              raise;
                        end;
                        Account_Rendezvous.Store_Accept_End;
                     end;
                     Good := Good + 1;
                  when 3 =>
                     declare
                        Balance : Integer;
                        Slot_Sum : Integer;
                        Accepted : Natural;
                        Rejected : Natural;
                     begin
                        Account_Rendezvous.Report_Take (Balance, Slot_Sum, Accepted, Rejected);
                        begin
                           Balance := Total;
                           Slot_Sum := 0;
                           for S of Slots loop
                              Slot_Sum := Slot_Sum + S;
                           end loop;
                           Accepted := Good;
                           Rejected := Bad;
                        exception
                           when Occurrence : others =>
                              Account_Rendezvous.Report_Failed (Occurrence);
                              raise;
                        end;
                        Account_Rendezvous.Report_Accept_End (Balance, Slot_Sum, Accepted, Rejected);
                     end;
                  when others =>
                     null;
               end case;
            end;
         exception
            when Negative_Amount | Constraint_Error =>
               --  The caller got the exception too; count it, serve on
               Bad := Bad + 1;
         end;
      end loop;
   end Account_Agent;

end Accounts;
