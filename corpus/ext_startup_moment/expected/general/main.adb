with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Count : Natural := 0;
   Started : Natural := 0;
   pragma Volatile (Started);
   Limit : constant Natural := 3;

   function Initial_Credit return Natural;

   function Next return Natural is
   begin
      Count := Count + 1;
      return Count;
   end Next;

   --  Its body is elaborated after this declaration: a component default
   --  calling it would raise Program_Error.
   type Account_Entry is (Account_No_Entry, Account_Withdraw, Account_Balance);
   type Account_Alternative is record
      Id : Account_Entry := Account_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Account_Alternative_List is array (Positive range <>) of Account_Alternative;
   --  rdv2po: task Account became this protected object; its code runs in the
   --  task Account_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Account is
      entry Withdraw (N : Natural; Ok : out Boolean);
      entry Balance (B : out Natural);
      --  rdv2po: the rendezvous protocol, for Account_Agent
      entry Select_Arm
        (Order : Account_Alternative_List;
         Chosen_Position : out Natural);
      entry Withdraw_Held (N : Natural; Ok : out Boolean);
      procedure Withdraw_Woken (N : in Natural; Ok : in Boolean);
      procedure Withdraw_Take (N : out Natural; Ok : out Boolean);
      procedure Withdraw_Accept_End (Ok : in Boolean);
      procedure Withdraw_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Withdraw_Queue (N : in Natural; Ok : out Boolean);
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
      Armed_List : Account_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Account_Entry := Account_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Withdraw_Armed : Boolean := False;
      Withdraw_N : Natural;
      Withdraw_Ok : Boolean;
      Withdraw_Done : Boolean := False;
      Withdraw_Raised : Boolean := False;
      Withdraw_Failure : Ada.Exceptions.Exception_Occurrence;
      Balance_Armed : Boolean := False;
      Balance_B : Natural;
      Balance_Done : Boolean := False;
      Balance_Raised : Boolean := False;
      Balance_Failure : Ada.Exceptions.Exception_Occurrence;
   end Account;
   task Account_Agent is
      --  rdv2po: general scheme agent of Account
      entry Wake_1 (Positive range 1 .. 2)
        (Value_1 : in Natural; Value_2 : out Boolean);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Account_Agent;

   --  Next counts calls: evaluated at the declaration, its number changes.
   type Numbered_Entry is (Numbered_No_Entry, Numbered_Get);
   type Numbered_Alternative is record
      Id : Numbered_Entry := Numbered_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Numbered_Alternative_List is array (Positive range <>) of Numbered_Alternative;
   --  rdv2po: task Numbered became this protected object; its code runs in the
   --  task Numbered_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Numbered is
      entry Get (V : out Natural);
      --  rdv2po: the rendezvous protocol, for Numbered_Agent
      entry Select_Arm
        (Order : Numbered_Alternative_List;
         Chosen_Position : out Natural);
      entry Get_Held (V : out Natural);
      procedure Get_Woken (V : in Natural);
      procedure Get_Take (V : out Natural);
      procedure Get_Accept_End (V : in Natural);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Numbered_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Numbered_Alternative);
      function Queued (Alternative : Numbered_Alternative) return Boolean;
      function Position_Of (Alternative : Numbered_Alternative) return Natural;
      Armed_List : Numbered_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Numbered_Entry := Numbered_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Get_Armed : Boolean := False;
      Get_V : Natural;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Numbered;
   task Numbered_Agent is
      --  rdv2po: general scheme agent of Numbered
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : out Natural);
   end Numbered_Agent;

   Other : constant Natural := Next;

   --  Its first statement changes a variable main reads before any call.
   type Starter_Entry is (Starter_No_Entry, Starter_Get);
   type Starter_Alternative is record
      Id : Starter_Entry := Starter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Starter_Alternative_List is array (Positive range <>) of Starter_Alternative;
   --  rdv2po: task Starter became this protected object; its code runs in the
   --  task Starter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Starter is
      entry Get (V : out Natural);
      --  rdv2po: the rendezvous protocol, for Starter_Agent
      entry Select_Arm
        (Order : Starter_Alternative_List;
         Chosen_Position : out Natural);
      entry Get_Held (V : out Natural);
      procedure Get_Woken (V : in Natural);
      procedure Get_Take (V : out Natural);
      procedure Get_Accept_End (V : in Natural);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Starter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Starter_Alternative);
      function Queued (Alternative : Starter_Alternative) return Boolean;
      function Position_Of (Alternative : Starter_Alternative) return Natural;
      Armed_List : Starter_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Starter_Entry := Starter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Get_Armed : Boolean := False;
      Get_V : Natural;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Starter;
   task Starter_Agent is
      --  rdv2po: general scheme agent of Starter
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : out Natural);
   end Starter_Agent;

   --  Only constants and its own variables: translated.
   type Plain_Entry is (Plain_No_Entry, Plain_Get);
   type Plain_Alternative is record
      Id : Plain_Entry := Plain_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Plain_Alternative_List is array (Positive range <>) of Plain_Alternative;
   --  rdv2po: task Plain became this protected object; its code runs in the
   --  task Plain_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Plain is
      entry Get (V : out Natural);
      --  rdv2po: the rendezvous protocol, for Plain_Agent
      entry Select_Arm
        (Order : Plain_Alternative_List;
         Chosen_Position : out Natural);
      entry Get_Held (V : out Natural);
      procedure Get_Woken (V : in Natural);
      procedure Get_Take (V : out Natural);
      procedure Get_Accept_End (V : in Natural);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Plain_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Plain_Alternative);
      function Queued (Alternative : Plain_Alternative) return Boolean;
      function Position_Of (Alternative : Plain_Alternative) return Natural;
      Armed_List : Plain_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Plain_Entry := Plain_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Get_Armed : Boolean := False;
      Get_V : Natural;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Plain;
   task Plain_Agent is
      --  rdv2po: general scheme agent of Plain
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : out Natural);
   end Plain_Agent;

   function Initial_Credit return Natural is
   begin
      return 100;
   end Initial_Credit;

   protected body Account is

      entry Withdraw (N : Natural; Ok : out Boolean)
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
            requeue Account_Agent.Wake_1
              (Position_Of ((Id => Account_Withdraw, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Account_Withdraw, Index => 0));
         Withdraw_Woken (N, Ok);
         requeue Withdraw_Queue;
      end Withdraw;

      entry Withdraw_Held (N : Natural; Ok : out Boolean)
        when Closed or else (Chosen = Account_No_Entry and then Withdraw_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Account_Withdraw, Index => 0));
         Withdraw_Woken (N, Ok);
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
            requeue Account_Agent.Wake_2
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
         Withdraw_Armed := False;
         Balance_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Account_Alternative) is
      begin
         case Alternative.Id is
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

      procedure Withdraw_Take (N : out Natural; Ok : out Boolean) is
      begin
         N := Withdraw_N;
         Ok := Withdraw_Ok;
         Chosen := Account_No_Entry;
      end Withdraw_Take;

      procedure Withdraw_Woken (N : in Natural; Ok : in Boolean) is
      begin
         Disarm;
         Chosen := Account_Withdraw;
         Withdraw_N := N;
         Withdraw_Ok := Ok;
         Withdraw_Done := False;
      end Withdraw_Woken;

      procedure Withdraw_Accept_End (Ok : in Boolean) is
      begin
         Withdraw_Ok := Ok;
         Withdraw_Done := True;
      end Withdraw_Accept_End;

      procedure Withdraw_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Withdraw_Failure, Occurrence);
         Withdraw_Raised := True;
         Withdraw_Done := True;
      end Withdraw_Failed;

      entry Withdraw_Queue (N : in Natural; Ok : out Boolean)
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
         Ok := Withdraw_Ok;
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
         Account.Close;
      end Finalize;
      Closer : Account_Closer;
      Credit : Natural := Initial_Credit;
   begin
      loop
         declare
            Alternatives : constant Account_Alternative_List :=
              (1 => (Account_Withdraw, 0),
               2 => (Account_Balance, 0));
            Choice : Natural;
         begin
            Account.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Natural; Value_2 : out Boolean) do
                     Account.Withdraw_Woken (Value_1, Value_2);
                     requeue Account.Withdraw_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Natural) do
                     Account.Balance_Woken (Value_1);
                     requeue Account.Balance_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Natural; Value_2 : out Boolean) do
                        requeue Account.Withdraw_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        requeue Account.Balance_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     N : Natural;
                     Ok : Boolean;
                  begin
                     Account.Withdraw_Take (N, Ok);
                     begin
                        Ok := N <= Credit;
                        if Ok then
                           Credit := Credit - N;
                        end if;
                     exception
                        when Occurrence : others =>
                           Account.Withdraw_Failed (Occurrence);
                           raise;
                     end;
                     Account.Withdraw_Accept_End (Ok);
                  end;
               when 2 =>
                  declare
                     B : Natural;
                  begin
                     Account.Balance_Take (B);
                     begin
                        B := Credit;
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
      end loop;
   end Account_Agent;

   protected body Numbered is

      entry Get (V : out Natural)
        when Closed
          or else (Chosen = Numbered_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Numbered_Agent.Wake_1
              (Position_Of ((Id => Numbered_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Numbered_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get;

      entry Get_Held (V : out Natural)
        when Closed or else (Chosen = Numbered_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Numbered_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Numbered_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Numbered_No_Entry then
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
        (Order : Numbered_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Numbered_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Numbered_Alternative) is
      begin
         case Alternative.Id is
            when Numbered_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Numbered_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Numbered_Get =>
               return Numbered.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Numbered_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Get_Take (V : out Natural) is
      begin
         V := Get_V;
         Chosen := Numbered_No_Entry;
      end Get_Take;

      procedure Get_Woken (V : in Natural) is
      begin
         Disarm;
         Chosen := Numbered_Get;
         Get_V := V;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (V : in Natural) is
      begin
         Get_V := V;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (V : out Natural)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         V := Get_V;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Numbered;

   task body Numbered_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Numbered_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Numbered_Closer);
      overriding procedure Finalize (Object : in out Numbered_Closer) is
      begin
         Numbered.Close;
      end Finalize;
      Closer : Numbered_Closer;
      Mine : constant Natural := Next;
   begin
      loop
         declare
            Alternatives : constant Numbered_Alternative_List :=
              (1 => (Numbered_Get, 0));
            Choice : Natural;
         begin
            Numbered.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : out Natural) do
                     Numbered.Get_Woken (Value_1);
                     requeue Numbered.Get_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : out Natural) do
                        requeue Numbered.Get_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     V : Natural;
                  begin
                     Numbered.Get_Take (V);
                     begin
                        V := Mine;
                     exception
                        when Occurrence : others =>
                           Numbered.Get_Failed (Occurrence);
                           raise;
                     end;
                     Numbered.Get_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Numbered_Agent;

   protected body Starter is

      entry Get (V : out Natural)
        when Closed
          or else (Chosen = Starter_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Starter_Agent.Wake_1
              (Position_Of ((Id => Starter_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Starter_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get;

      entry Get_Held (V : out Natural)
        when Closed or else (Chosen = Starter_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Starter_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Starter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Starter_No_Entry then
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
        (Order : Starter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Starter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Starter_Alternative) is
      begin
         case Alternative.Id is
            when Starter_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Starter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Starter_Get =>
               return Starter.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Starter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Get_Take (V : out Natural) is
      begin
         V := Get_V;
         Chosen := Starter_No_Entry;
      end Get_Take;

      procedure Get_Woken (V : in Natural) is
      begin
         Disarm;
         Chosen := Starter_Get;
         Get_V := V;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (V : in Natural) is
      begin
         Get_V := V;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (V : out Natural)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         V := Get_V;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Starter;

   task body Starter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Starter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Starter_Closer);
      overriding procedure Finalize (Object : in out Starter_Closer) is
      begin
         Starter.Close;
      end Finalize;
      Closer : Starter_Closer;
      Mine : Natural := 5;
   begin
      Started := Started + 1;
      loop
         declare
            Alternatives : constant Starter_Alternative_List :=
              (1 => (Starter_Get, 0));
            Choice : Natural;
         begin
            Starter.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : out Natural) do
                     Starter.Get_Woken (Value_1);
                     requeue Starter.Get_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : out Natural) do
                        requeue Starter.Get_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     V : Natural;
                  begin
                     Starter.Get_Take (V);
                     begin
                        V := Mine;
                        Mine := Mine + 1;
                     exception
                        when Occurrence : others =>
                           Starter.Get_Failed (Occurrence);
                           raise;
                     end;
                     Starter.Get_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Starter_Agent;

   protected body Plain is

      entry Get (V : out Natural)
        when Closed
          or else (Chosen = Plain_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Plain_Agent.Wake_1
              (Position_Of ((Id => Plain_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Plain_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get;

      entry Get_Held (V : out Natural)
        when Closed or else (Chosen = Plain_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Plain_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Plain_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Plain_No_Entry then
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
        (Order : Plain_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Plain_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Plain_Alternative) is
      begin
         case Alternative.Id is
            when Plain_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Plain_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Plain_Get =>
               return Plain.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Plain_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Get_Take (V : out Natural) is
      begin
         V := Get_V;
         Chosen := Plain_No_Entry;
      end Get_Take;

      procedure Get_Woken (V : in Natural) is
      begin
         Disarm;
         Chosen := Plain_Get;
         Get_V := V;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (V : in Natural) is
      begin
         Get_V := V;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (V : out Natural)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         V := Get_V;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Plain;

   task body Plain_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Plain_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Plain_Closer);
      overriding procedure Finalize (Object : in out Plain_Closer) is
      begin
         Plain.Close;
      end Finalize;
      Closer : Plain_Closer;
      Calls : Natural := Limit * 2;
   begin
      Calls := Calls + 1;
      loop
         declare
            Alternatives : constant Plain_Alternative_List :=
              (1 => (Plain_Get, 0));
            Choice : Natural;
         begin
            Plain.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : out Natural) do
                     Plain.Get_Woken (Value_1);
                     requeue Plain.Get_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : out Natural) do
                        requeue Plain.Get_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     V : Natural;
                  begin
                     Plain.Get_Take (V);
                     begin
                        V := Calls;
                        Calls := Calls + 1;
                     exception
                        when Occurrence : others =>
                           Plain.Get_Failed (Occurrence);
                           raise;
                     end;
                     Plain.Get_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Plain_Agent;

   Ok : Boolean;
   B, V : Natural;
begin
   delay 0.1;
   Put_Line ("started" & Natural'Image (Started));
   Account.Withdraw (30, Ok);
   Account.Balance (B);
   Put_Line ("withdrawn " & Boolean'Image (Ok) & ", balance" & Natural'Image (B));
   Numbered.Get (V);
   Put_Line ("numbered" & Natural'Image (V) & ", other" & Natural'Image (Other));
   Starter.Get (V);
   Put_Line ("starter" & Natural'Image (V));
   Plain.Get (V);
   Plain.Get (V);
   Put_Line ("plain" & Natural'Image (V));
   Put_Line ("PASSED");
end Main;
