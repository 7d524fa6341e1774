--  Beside guard_bounds: guards whose conversion or sum may raise stay refused,
--  and a task type's guard on its own variable is refused naming it.
with Ada.Finalization;
with Ada.Exceptions;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   type Slot is mod 4;
   type Small is range 0 .. 2;

   --  Count may be 3, outside Small: the conversion can raise
   type Narrow_Entry is (Narrow_No_Entry, Narrow_Put, Narrow_Get);
   type Narrow_Alternative is record
      Id : Narrow_Entry := Narrow_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Narrow_Alternative_List is array (Positive range <>) of Narrow_Alternative;
   --  rdv2po: task Narrow became this protected object; its code runs in the
   --  task Narrow_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Narrow is
      entry Put;
      entry Get;
      --  rdv2po: the rendezvous protocol, for Narrow_Agent
      entry Select_Arm
        (Order : Narrow_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held;
      procedure Put_Woken;
      procedure Put_Take;
      entry Get_Held;
      procedure Get_Woken;
      procedure Get_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Narrow_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Narrow_Alternative);
      function Queued (Alternative : Narrow_Alternative) return Boolean;
      function Position_Of (Alternative : Narrow_Alternative) return Natural;
      Armed_List : Narrow_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Narrow_Entry := Narrow_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Get_Armed : Boolean := False;
   end Narrow;
   task Narrow_Agent is
      --  rdv2po: general scheme agent of Narrow
      entry Wake_1 (Positive range 1 .. 2);
   end Narrow_Agent;

   protected body Narrow is

      entry Put
        when Closed
          or else (Chosen = Narrow_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Narrow_Agent.Wake_1
              (Position_Of ((Id => Narrow_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Narrow_Put, Index => 0));
         Put_Woken;
      end Put;

      entry Put_Held
        when Closed or else (Chosen = Narrow_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Narrow_Put, Index => 0));
         Put_Woken;
      end Put_Held;

      entry Get
        when Closed
          or else (Chosen = Narrow_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Narrow_Agent.Wake_1
              (Position_Of ((Id => Narrow_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Narrow_Get, Index => 0));
         Get_Woken;
      end Get;

      entry Get_Held
        when Closed or else (Chosen = Narrow_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Narrow_Get, Index => 0));
         Get_Woken;
      end Get_Held;

      entry Select_Arm
        (Order : Narrow_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Narrow_No_Entry then
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
        (Order : Narrow_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Narrow_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Narrow_Alternative) is
      begin
         case Alternative.Id is
            when Narrow_Put =>
               Put_Armed := True;
            when Narrow_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Narrow_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Narrow_Put =>
               return Narrow.Put'Count + Put_Held'Count > 0;
            when Narrow_Get =>
               return Narrow.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Narrow_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take is
      begin
         Chosen := Narrow_No_Entry;
      end Put_Take;

      procedure Put_Woken is
      begin
         Disarm;
         Chosen := Narrow_Put;
      end Put_Woken;

      procedure Get_Take is
      begin
         Chosen := Narrow_No_Entry;
      end Get_Take;

      procedure Get_Woken is
      begin
         Disarm;
         Chosen := Narrow_Get;
      end Get_Woken;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Narrow;

   task body Narrow_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Narrow_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Narrow_Closer);
      overriding procedure Finalize (Object : in out Narrow_Closer) is
      begin
         Narrow.Close;
      end Finalize;
      Closer : Narrow_Closer;
      Count : Slot := 0;
   begin
      loop
         declare
            Alternatives : constant Narrow_Alternative_List :=
              (1 => ((if Small (Count) < 2 then Narrow_Put else Narrow_No_Entry), 0),
               2 => (Narrow_Get, 0));
            Choice : Natural;
         begin
            Narrow.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Narrow.Put_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Narrow.Get_Woken;
                  end Wake_1;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Narrow.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Narrow.Get_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Narrow.Put_Take;
                  Count := Count + 1;
               when 2 =>
                  Narrow.Get_Take;
                  Count := Count - 1;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Narrow_Agent;

   --  Total + 1 can overflow Integer
   type Totals_Entry is (Totals_No_Entry, Totals_Add, Totals_Read);
   type Totals_Alternative is record
      Id : Totals_Entry := Totals_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Totals_Alternative_List is array (Positive range <>) of Totals_Alternative;
   --  rdv2po: task Totals became this protected object; its code runs in the
   --  task Totals_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Totals is
      entry Add (V : Integer);
      entry Read (V : out Integer);
      --  rdv2po: the rendezvous protocol, for Totals_Agent
      entry Select_Arm
        (Order : Totals_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (V : Integer);
      procedure Add_Woken (V : in Integer);
      procedure Add_Take (V : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (V : in Integer);
      entry Read_Held (V : out Integer);
      procedure Read_Woken (V : in Integer);
      procedure Read_Take (V : out Integer);
      procedure Read_Accept_End (V : in Integer);
      procedure Read_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Read_Queue (V : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Totals_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Totals_Alternative);
      function Queued (Alternative : Totals_Alternative) return Boolean;
      function Position_Of (Alternative : Totals_Alternative) return Natural;
      Armed_List : Totals_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Totals_Entry := Totals_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_V : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Read_Armed : Boolean := False;
      Read_V : Integer;
      Read_Done : Boolean := False;
      Read_Raised : Boolean := False;
      Read_Failure : Ada.Exceptions.Exception_Occurrence;
   end Totals;
   task Totals_Agent is
      --  rdv2po: general scheme agent of Totals
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Totals_Agent;

   protected body Totals is

      entry Add (V : Integer)
        when Closed
          or else (Chosen = Totals_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Totals_Agent.Wake_1
              (Position_Of ((Id => Totals_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Totals_Add, Index => 0));
         Add_Woken (V);
         requeue Add_Queue;
      end Add;

      entry Add_Held (V : Integer)
        when Closed or else (Chosen = Totals_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Totals_Add, Index => 0));
         Add_Woken (V);
         requeue Add_Queue;
      end Add_Held;

      entry Read (V : out Integer)
        when Closed
          or else (Chosen = Totals_No_Entry
                   and then Read_Armed
                   and then Read_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Totals_Agent.Wake_2
              (Position_Of ((Id => Totals_Read, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Totals_Read, Index => 0));
         Read_Woken (V);
         requeue Read_Queue;
      end Read;

      entry Read_Held (V : out Integer)
        when Closed or else (Chosen = Totals_No_Entry and then Read_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Totals_Read, Index => 0));
         Read_Woken (V);
         requeue Read_Queue;
      end Read_Held;

      entry Select_Arm
        (Order : Totals_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Totals_No_Entry then
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
        (Order : Totals_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Totals_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Read_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Totals_Alternative) is
      begin
         case Alternative.Id is
            when Totals_Add =>
               Add_Armed := True;
            when Totals_Read =>
               Read_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Totals_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Totals_Add =>
               return Totals.Add'Count + Add_Held'Count > 0;
            when Totals_Read =>
               return Totals.Read'Count + Read_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Totals_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (V : out Integer) is
      begin
         V := Add_V;
         Chosen := Totals_No_Entry;
      end Add_Take;

      procedure Add_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Totals_Add;
         Add_V := V;
         Add_Done := False;
      end Add_Woken;

      procedure Add_Accept_End is
      begin
         Add_Done := True;
      end Add_Accept_End;

      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Add_Failure, Occurrence);
         Add_Raised := True;
         Add_Done := True;
      end Add_Failed;

      entry Add_Queue (V : in Integer)
        when Add_Done or else Closed is
      begin
         if not Add_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Add_Done := False;
         if Add_Raised then
            Add_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Add_Failure);
         end if;
      end Add_Queue;

      procedure Read_Take (V : out Integer) is
      begin
         V := Read_V;
         Chosen := Totals_No_Entry;
      end Read_Take;

      procedure Read_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Totals_Read;
         Read_V := V;
         Read_Done := False;
      end Read_Woken;

      procedure Read_Accept_End (V : in Integer) is
      begin
         Read_V := V;
         Read_Done := True;
      end Read_Accept_End;

      procedure Read_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Read_Failure, Occurrence);
         Read_Raised := True;
         Read_Done := True;
      end Read_Failed;

      entry Read_Queue (V : out Integer)
        when Read_Done or else Closed is
      begin
         if not Read_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Read_Done := False;
         if Read_Raised then
            Read_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Read_Failure);
         end if;
         V := Read_V;
      end Read_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Totals;

   task body Totals_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Totals_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Totals_Closer);
      overriding procedure Finalize (Object : in out Totals_Closer) is
      begin
         Totals.Close;
      end Finalize;
      Closer : Totals_Closer;
      Total : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Totals_Alternative_List :=
              (1 => (Totals_Add, 0),
               2 => ((if Total + 1 > 1 then Totals_Read else Totals_No_Entry), 0));
            Choice : Natural;
         begin
            Totals.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Totals.Add_Woken (Value_1);
                     requeue Totals.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Totals.Read_Woken (Value_1);
                     requeue Totals.Read_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Totals.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Totals.Read_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Totals.Add_Take (V);
                     begin
                        Total := Total + V;
                     exception
                        when Occurrence : others =>
                           Totals.Add_Failed (Occurrence);
                           raise;
                     end;
                     Totals.Add_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Totals.Read_Take (V);
                     begin
                        V := Total;
                     exception
                        when Occurrence : others =>
                           Totals.Read_Failed (Occurrence);
                           raise;
                     end;
                     Totals.Read_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Totals_Agent;

   --  A task type (caller-runs: it prints) whose guard reads its own variable
   type Stock;
   type Stock_Entry is (Stock_No_Entry, Stock_Add, Stock_Take);
   type Stock_Alternative is record
      Id : Stock_Entry := Stock_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Stock_Alternative_List is array (Positive range <>) of Stock_Alternative;
   task type Stock_Agent (Self : not null access Stock) is
      --  rdv2po: general scheme agent of Stock
      entry Wake_1 (Positive range 1 .. 2);
   end Stock_Agent;
   --  rdv2po: task type Stock became this protected type; its code runs in
   --  Stock_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Stock is
      entry Add;
      entry Take;
      --  rdv2po: the rendezvous protocol, for Stock_Agent
      entry Select_Arm
        (Order : Stock_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held;
      procedure Add_Woken;
      procedure Add_Take;
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue;
      entry Take_Held;
      procedure Take_Woken;
      procedure Take_Take;
      procedure Take_Accept_End;
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Stock_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Stock_Alternative);
      function Queued (Alternative : Stock_Alternative) return Boolean;
      function Position_Of (Alternative : Stock_Alternative) return Natural;
      Armed_List : Stock_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Stock_Entry := Stock_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Take_Armed : Boolean := False;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Stock_Agent (Self => Stock'Unchecked_Access);
   end Stock;

   protected body Stock is

      entry Add
        when Closed
          or else (Chosen = Stock_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Stock_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Stock_Add, Index => 0));
         Add_Woken;
         requeue Add_Queue;
      end Add;

      entry Add_Held
        when Closed or else (Chosen = Stock_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Stock_Add, Index => 0));
         Add_Woken;
         requeue Add_Queue;
      end Add_Held;

      entry Take
        when Closed
          or else (Chosen = Stock_No_Entry
                   and then Take_Armed
                   and then Take_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Stock_Take, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Stock_Take, Index => 0));
         Take_Woken;
         requeue Take_Queue;
      end Take;

      entry Take_Held
        when Closed or else (Chosen = Stock_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Stock_Take, Index => 0));
         Take_Woken;
         requeue Take_Queue;
      end Take_Held;

      entry Select_Arm
        (Order : Stock_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Stock_No_Entry then
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
        (Order : Stock_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Stock_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Take_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Stock_Alternative) is
      begin
         case Alternative.Id is
            when Stock_Add =>
               Add_Armed := True;
            when Stock_Take =>
               Take_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Stock_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Stock_Add =>
               return Stock.Add'Count + Add_Held'Count > 0;
            when Stock_Take =>
               return Stock.Take'Count + Take_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Stock_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take is
      begin
         Chosen := Stock_No_Entry;
      end Add_Take;

      procedure Add_Woken is
      begin
         Disarm;
         Chosen := Stock_Add;
         Add_Done := False;
      end Add_Woken;

      procedure Add_Accept_End is
      begin
         Add_Done := True;
      end Add_Accept_End;

      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Add_Failure, Occurrence);
         Add_Raised := True;
         Add_Done := True;
      end Add_Failed;

      entry Add_Queue
        when Add_Done or else Closed is
      begin
         if not Add_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Add_Done := False;
         if Add_Raised then
            Add_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Add_Failure);
         end if;
      end Add_Queue;

      procedure Take_Take is
      begin
         Chosen := Stock_No_Entry;
      end Take_Take;

      procedure Take_Woken is
      begin
         Disarm;
         Chosen := Stock_Take;
         Take_Done := False;
      end Take_Woken;

      procedure Take_Accept_End is
      begin
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue
        when Take_Done or else Closed is
      begin
         if not Take_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Done := False;
         if Take_Raised then
            Take_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Take_Failure);
         end if;
      end Take_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Stock;

   task body Stock_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Stock_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Stock_Closer);
      overriding procedure Finalize (Object : in out Stock_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Stock_Closer;
      Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Stock_Alternative_List :=
              (1 => (Stock_Add, 0),
               2 => ((if Count > 0 then Stock_Take else Stock_No_Entry), 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Self.Add_Woken;
                     requeue Self.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Self.Take_Woken;
                     requeue Self.Take_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Self.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Self.Take_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Self.Add_Take;
                  begin
                     Count := Count + 1;
                     Put_Line ("added" & Count'Image);
                  exception
                     when Occurrence : others =>
                        Self.Add_Failed (Occurrence);
                        raise;
                  end;
                  Self.Add_Accept_End;
               when 2 =>
                  Self.Take_Take;
                  begin
                     Count := Count - 1;
                     Put_Line ("taken" & Count'Image);
                  exception
                     when Occurrence : others =>
                        Self.Take_Failed (Occurrence);
                        raise;
                  end;
                  Self.Take_Accept_End;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Stock_Agent;

   --  A conversion to a type declared after the task (caller-runs: it prints)
   type Pager_Entry is (Pager_No_Entry, Pager_Page, Pager_Back);
   type Pager_Alternative is record
      Id : Pager_Entry := Pager_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Pager_Alternative_List is array (Positive range <>) of Pager_Alternative;
   --  rdv2po: task Pager became this protected object; its code runs in the
   --  task Pager_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Pager is
      entry Page;
      entry Back;
      --  rdv2po: the rendezvous protocol, for Pager_Agent
      entry Select_Arm
        (Order : Pager_Alternative_List;
         Chosen_Position : out Natural);
      entry Page_Held;
      procedure Page_Woken;
      procedure Page_Take;
      procedure Page_Accept_End;
      procedure Page_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Page_Queue;
      entry Back_Held;
      procedure Back_Woken;
      procedure Back_Take;
      procedure Back_Accept_End;
      procedure Back_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Back_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Pager_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Pager_Alternative);
      function Queued (Alternative : Pager_Alternative) return Boolean;
      function Position_Of (Alternative : Pager_Alternative) return Natural;
      Armed_List : Pager_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Pager_Entry := Pager_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Page_Armed : Boolean := False;
      Page_Done : Boolean := False;
      Page_Raised : Boolean := False;
      Page_Failure : Ada.Exceptions.Exception_Occurrence;
      Back_Armed : Boolean := False;
      Back_Done : Boolean := False;
      Back_Raised : Boolean := False;
      Back_Failure : Ada.Exceptions.Exception_Occurrence;
   end Pager;
   task Pager_Agent is
      --  rdv2po: general scheme agent of Pager
      entry Wake_1 (Positive range 1 .. 2);
   end Pager_Agent;

   type Late is range 0 .. 10;

   protected body Pager is

      entry Page
        when Closed
          or else (Chosen = Pager_No_Entry
                   and then Page_Armed
                   and then Page_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Pager_Agent.Wake_1
              (Position_Of ((Id => Pager_Page, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Pager_Page, Index => 0));
         Page_Woken;
         requeue Page_Queue;
      end Page;

      entry Page_Held
        when Closed or else (Chosen = Pager_No_Entry and then Page_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Pager_Page, Index => 0));
         Page_Woken;
         requeue Page_Queue;
      end Page_Held;

      entry Back
        when Closed
          or else (Chosen = Pager_No_Entry
                   and then Back_Armed
                   and then Back_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Pager_Agent.Wake_1
              (Position_Of ((Id => Pager_Back, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Pager_Back, Index => 0));
         Back_Woken;
         requeue Back_Queue;
      end Back;

      entry Back_Held
        when Closed or else (Chosen = Pager_No_Entry and then Back_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Pager_Back, Index => 0));
         Back_Woken;
         requeue Back_Queue;
      end Back_Held;

      entry Select_Arm
        (Order : Pager_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Pager_No_Entry then
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
        (Order : Pager_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Pager_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Page_Armed := False;
         Back_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Pager_Alternative) is
      begin
         case Alternative.Id is
            when Pager_Page =>
               Page_Armed := True;
            when Pager_Back =>
               Back_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Pager_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Pager_Page =>
               return Pager.Page'Count + Page_Held'Count > 0;
            when Pager_Back =>
               return Pager.Back'Count + Back_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Pager_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Page_Take is
      begin
         Chosen := Pager_No_Entry;
      end Page_Take;

      procedure Page_Woken is
      begin
         Disarm;
         Chosen := Pager_Page;
         Page_Done := False;
      end Page_Woken;

      procedure Page_Accept_End is
      begin
         Page_Done := True;
      end Page_Accept_End;

      procedure Page_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Page_Failure, Occurrence);
         Page_Raised := True;
         Page_Done := True;
      end Page_Failed;

      entry Page_Queue
        when Page_Done or else Closed is
      begin
         if not Page_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Page_Done := False;
         if Page_Raised then
            Page_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Page_Failure);
         end if;
      end Page_Queue;

      procedure Back_Take is
      begin
         Chosen := Pager_No_Entry;
      end Back_Take;

      procedure Back_Woken is
      begin
         Disarm;
         Chosen := Pager_Back;
         Back_Done := False;
      end Back_Woken;

      procedure Back_Accept_End is
      begin
         Back_Done := True;
      end Back_Accept_End;

      procedure Back_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Back_Failure, Occurrence);
         Back_Raised := True;
         Back_Done := True;
      end Back_Failed;

      entry Back_Queue
        when Back_Done or else Closed is
      begin
         if not Back_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Back_Done := False;
         if Back_Raised then
            Back_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Back_Failure);
         end if;
      end Back_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Pager;

   task body Pager_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Pager_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Pager_Closer);
      overriding procedure Finalize (Object : in out Pager_Closer) is
      begin
         Pager.Close;
      end Finalize;
      Closer : Pager_Closer;
      At_Page : Slot := 0;
   begin
      loop
         declare
            Alternatives : constant Pager_Alternative_List :=
              (1 => ((if Late (At_Page) + 1 < 4 then Pager_Page else Pager_No_Entry), 0),
               2 => ((if At_Page > 0 then Pager_Back else Pager_No_Entry), 0));
            Choice : Natural;
         begin
            Pager.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Pager.Page_Woken;
                     requeue Pager.Page_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Pager.Back_Woken;
                     requeue Pager.Back_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Pager.Page_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Pager.Back_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Pager.Page_Take;
                  begin
                     At_Page := At_Page + 1;
                     Put_Line ("page" & At_Page'Image);
                  exception
                     when Occurrence : others =>
                        Pager.Page_Failed (Occurrence);
                        raise;
                  end;
                  Pager.Page_Accept_End;
               when 2 =>
                  Pager.Back_Take;
                  begin
                     At_Page := At_Page - 1;
                     Put_Line ("back" & At_Page'Image);
                  exception
                     when Occurrence : others =>
                        Pager.Back_Failed (Occurrence);
                        raise;
                  end;
                  Pager.Back_Accept_End;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Pager_Agent;

   S : Stock;
   V : Integer;
begin
   Narrow.Put;
   Narrow.Put;
   Narrow.Get;
   Totals.Add (5);
   Totals.Read (V);
   Put_Line ("total" & V'Image);
   S.Add;
   S.Take;
   Pager.Page;
   Pager.Page;
   Pager.Back;
   Put_Line ("PASSED");
end Main;
