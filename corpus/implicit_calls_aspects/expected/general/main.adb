pragma Assertion_Policy (Check);
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Checks; use Checks;
procedure Main is
   --  Level's predicate calls In_Range, a comparison: followed, taken
   type Gauge_Entry is (Gauge_No_Entry, Gauge_Set, Gauge_Get);
   type Gauge_Alternative is record
      Id : Gauge_Entry := Gauge_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Gauge_Alternative_List is array (Positive range <>) of Gauge_Alternative;
   --  rdv2po: task Gauge became this protected object; its code runs in the
   --  task Gauge_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Gauge is
      entry Set (V : Integer);
      entry Get (V : out Integer);
      --  rdv2po: the rendezvous protocol, for Gauge_Agent
      entry Select_Arm
        (Order : Gauge_Alternative_List;
         Chosen_Position : out Natural);
      entry Set_Held (V : Integer);
      procedure Set_Woken (V : in Integer);
      procedure Set_Take (V : out Integer);
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (V : in Integer);
      entry Get_Held (V : out Integer);
      procedure Get_Woken (V : in Integer);
      procedure Get_Take (V : out Integer);
      procedure Get_Accept_End (V : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Gauge_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Gauge_Alternative);
      function Queued (Alternative : Gauge_Alternative) return Boolean;
      function Position_Of (Alternative : Gauge_Alternative) return Natural;
      Armed_List : Gauge_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Gauge_Entry := Gauge_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_V : Integer;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_V : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Gauge;
   task Gauge_Agent is
      --  rdv2po: general scheme agent of Gauge
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Gauge_Agent;

   protected body Gauge is

      entry Set (V : Integer)
        when Closed
          or else (Chosen = Gauge_No_Entry
                   and then Set_Armed
                   and then Set_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Gauge_Agent.Wake_1
              (Position_Of ((Id => Gauge_Set, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Gauge_Set, Index => 0));
         Set_Woken (V);
         requeue Set_Queue;
      end Set;

      entry Set_Held (V : Integer)
        when Closed or else (Chosen = Gauge_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gauge_Set, Index => 0));
         Set_Woken (V);
         requeue Set_Queue;
      end Set_Held;

      entry Get (V : out Integer)
        when Closed
          or else (Chosen = Gauge_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Gauge_Agent.Wake_2
              (Position_Of ((Id => Gauge_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Gauge_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get;

      entry Get_Held (V : out Integer)
        when Closed or else (Chosen = Gauge_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gauge_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Gauge_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Gauge_No_Entry then
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
        (Order : Gauge_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Gauge_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Gauge_Alternative) is
      begin
         case Alternative.Id is
            when Gauge_Set =>
               Set_Armed := True;
            when Gauge_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Gauge_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Gauge_Set =>
               return Gauge.Set'Count + Set_Held'Count > 0;
            when Gauge_Get =>
               return Gauge.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Gauge_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Set_Take (V : out Integer) is
      begin
         V := Set_V;
         Chosen := Gauge_No_Entry;
      end Set_Take;

      procedure Set_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Gauge_Set;
         Set_V := V;
         Set_Done := False;
      end Set_Woken;

      procedure Set_Accept_End is
      begin
         Set_Done := True;
      end Set_Accept_End;

      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Set_Failure, Occurrence);
         Set_Raised := True;
         Set_Done := True;
      end Set_Failed;

      entry Set_Queue (V : in Integer)
        when Set_Done or else Closed is
      begin
         if not Set_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Set_Done := False;
         if Set_Raised then
            Set_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Set_Failure);
         end if;
      end Set_Queue;

      procedure Get_Take (V : out Integer) is
      begin
         V := Get_V;
         Chosen := Gauge_No_Entry;
      end Get_Take;

      procedure Get_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Gauge_Get;
         Get_V := V;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (V : in Integer) is
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

      entry Get_Queue (V : out Integer)
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
   end Gauge;

   task body Gauge_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Gauge_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Gauge_Closer);
      overriding procedure Finalize (Object : in out Gauge_Closer) is
      begin
         Gauge.Close;
      end Finalize;
      Closer : Gauge_Closer;
      L : Level;   --  no value given: no predicate check (RM 3.2.4(31))
   begin
      loop
         declare
            Alternatives : constant Gauge_Alternative_List :=
              (1 => (Gauge_Set, 0),
               2 => (Gauge_Get, 0));
            Choice : Natural;
         begin
            Gauge.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Gauge.Set_Woken (Value_1);
                     requeue Gauge.Set_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Gauge.Get_Woken (Value_1);
                     requeue Gauge.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Gauge.Set_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Gauge.Get_Held with abort;
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
                     Gauge.Set_Take (V);
                     begin
                        L := V;
                     exception
                        when Occurrence : others =>
                           Gauge.Set_Failed (Occurrence);
                           raise;
                     end;
                     Gauge.Set_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Gauge.Get_Take (V);
                     begin
                        V := L;
                     exception
                        when Occurrence : others =>
                           Gauge.Get_Failed (Occurrence);
                           raise;
                     end;
                     Gauge.Get_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Gauge_Agent;

   --  Record_It's precondition writes text: not in a protected action (the
   --  accepting scheme refuses), in the caller's accept body (caller-runs takes it)
   type Logger_Entry is (Logger_No_Entry, Logger_Put);
   type Logger_Alternative is record
      Id : Logger_Entry := Logger_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Logger_Alternative_List is array (Positive range <>) of Logger_Alternative;
   --  rdv2po: task Logger became this protected object; its code runs in the
   --  task Logger_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Logger is
      entry Put (V : Integer);
      --  rdv2po: the rendezvous protocol, for Logger_Agent
      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (V : Integer);
      procedure Put_Woken (V : in Integer);
      procedure Put_Take (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Logger_Alternative);
      function Queued (Alternative : Logger_Alternative) return Boolean;
      function Position_Of (Alternative : Logger_Alternative) return Natural;
      Armed_List : Logger_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Logger_Entry := Logger_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
   end Logger;
   task Logger_Agent is
      --  rdv2po: general scheme agent of Logger
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Logger_Agent;

   protected body Logger is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Logger_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Logger_Agent.Wake_1
              (Position_Of ((Id => Logger_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Logger_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Logger_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Logger_No_Entry then
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
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Logger_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Logger_Alternative) is
      begin
         case Alternative.Id is
            when Logger_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Logger_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Logger_Put =>
               return Logger.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Logger_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (V : out Integer) is
      begin
         V := Put_V;
         Chosen := Logger_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Logger_Put;
         Put_V := V;
         Put_Done := False;
      end Put_Woken;

      procedure Put_Accept_End is
      begin
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (V : in Integer)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
      end Put_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Logger;

   task body Logger_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Logger_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Logger_Closer);
      overriding procedure Finalize (Object : in out Logger_Closer) is
      begin
         Logger.Close;
      end Finalize;
      Closer : Logger_Closer;
   begin
      loop
         declare
            Alternatives : constant Logger_Alternative_List :=
              (1 => (Logger_Put, 0));
            Choice : Natural;
         begin
            Logger.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Logger.Put_Woken (Value_1);
                     requeue Logger.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Logger.Put_Held with abort;
                     end Wake_1;
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
                     Logger.Put_Take (V);
                     begin
                        Record_It (V);
                     exception
                        when Occurrence : others =>
                           Logger.Put_Failed (Occurrence);
                           raise;
                     end;
                     Logger.Put_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Logger_Agent;

   --  Ticket's predicate calls Admit, which waits on Gate's entry: after the
   --  accept, neither in a protected action nor in the caller (refused)
   type Waiter_Entry is (Waiter_No_Entry, Waiter_Take, Waiter_Count);
   type Waiter_Alternative is record
      Id : Waiter_Entry := Waiter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Waiter_Alternative_List is array (Positive range <>) of Waiter_Alternative;
   --  rdv2po: task Waiter became this protected object; its code runs in the
   --  task Waiter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Waiter is
      entry Take (V : Integer);
      entry Count (C : out Integer);
      --  rdv2po: the rendezvous protocol, for Waiter_Agent
      entry Select_Arm
        (Order : Waiter_Alternative_List;
         Chosen_Position : out Natural);
      entry Take_Held (V : Integer);
      procedure Take_Woken (V : in Integer);
      procedure Take_Take (V : out Integer);
      procedure Take_Accept_End;
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (V : in Integer);
      entry Count_Held (C : out Integer);
      procedure Count_Woken (C : in Integer);
      procedure Count_Take (C : out Integer);
      procedure Count_Accept_End (C : in Integer);
      procedure Count_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Count_Queue (C : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Waiter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Waiter_Alternative);
      function Queued (Alternative : Waiter_Alternative) return Boolean;
      function Position_Of (Alternative : Waiter_Alternative) return Natural;
      Armed_List : Waiter_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Waiter_Entry := Waiter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Take_Armed : Boolean := False;
      Take_V : Integer;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
      Count_Armed : Boolean := False;
      Count_C : Integer;
      Count_Done : Boolean := False;
      Count_Raised : Boolean := False;
      Count_Failure : Ada.Exceptions.Exception_Occurrence;
   end Waiter;
   task Waiter_Agent is
      --  rdv2po: general scheme agent of Waiter
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Waiter_Agent;

   protected body Waiter is

      entry Take (V : Integer)
        when Closed
          or else (Chosen = Waiter_No_Entry
                   and then Take_Armed
                   and then Take_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Waiter_Agent.Wake_1
              (Position_Of ((Id => Waiter_Take, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Waiter_Take, Index => 0));
         Take_Woken (V);
         requeue Take_Queue;
      end Take;

      entry Take_Held (V : Integer)
        when Closed or else (Chosen = Waiter_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Waiter_Take, Index => 0));
         Take_Woken (V);
         requeue Take_Queue;
      end Take_Held;

      entry Count (C : out Integer)
        when Closed
          or else (Chosen = Waiter_No_Entry
                   and then Count_Armed
                   and then Count_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Waiter_Agent.Wake_2
              (Position_Of ((Id => Waiter_Count, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Waiter_Count, Index => 0));
         Count_Woken (C);
         requeue Count_Queue;
      end Count;

      entry Count_Held (C : out Integer)
        when Closed or else (Chosen = Waiter_No_Entry and then Count_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Waiter_Count, Index => 0));
         Count_Woken (C);
         requeue Count_Queue;
      end Count_Held;

      entry Select_Arm
        (Order : Waiter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Waiter_No_Entry then
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
        (Order : Waiter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Waiter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Take_Armed := False;
         Count_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Waiter_Alternative) is
      begin
         case Alternative.Id is
            when Waiter_Take =>
               Take_Armed := True;
            when Waiter_Count =>
               Count_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Waiter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Waiter_Take =>
               return Waiter.Take'Count + Take_Held'Count > 0;
            when Waiter_Count =>
               return Waiter.Count'Count + Count_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Waiter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Take_Take (V : out Integer) is
      begin
         V := Take_V;
         Chosen := Waiter_No_Entry;
      end Take_Take;

      procedure Take_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Waiter_Take;
         Take_V := V;
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

      entry Take_Queue (V : in Integer)
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

      procedure Count_Take (C : out Integer) is
      begin
         C := Count_C;
         Chosen := Waiter_No_Entry;
      end Count_Take;

      procedure Count_Woken (C : in Integer) is
      begin
         Disarm;
         Chosen := Waiter_Count;
         Count_C := C;
         Count_Done := False;
      end Count_Woken;

      procedure Count_Accept_End (C : in Integer) is
      begin
         Count_C := C;
         Count_Done := True;
      end Count_Accept_End;

      procedure Count_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Count_Failure, Occurrence);
         Count_Raised := True;
         Count_Done := True;
      end Count_Failed;

      entry Count_Queue (C : out Integer)
        when Count_Done or else Closed is
      begin
         if not Count_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Count_Done := False;
         if Count_Raised then
            Count_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Count_Failure);
         end if;
         C := Count_C;
      end Count_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Waiter;

   task body Waiter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Waiter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Waiter_Closer);
      overriding procedure Finalize (Object : in out Waiter_Closer) is
      begin
         Waiter.Close;
      end Finalize;
      Closer : Waiter_Closer;
      T : Ticket := 1;
      N : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Waiter_Alternative_List :=
              (1 => (Waiter_Take, 0),
               2 => (Waiter_Count, 0));
            Choice : Natural;
         begin
            Waiter.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Waiter.Take_Woken (Value_1);
                     requeue Waiter.Take_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Waiter.Count_Woken (Value_1);
                     requeue Waiter.Count_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Waiter.Take_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Waiter.Count_Held with abort;
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
                     Waiter.Take_Take (V);
                     begin
                        N := N + V;
                     exception
                        when Occurrence : others =>
                           Waiter.Take_Failed (Occurrence);
                           raise;
                     end;
                     Waiter.Take_Accept_End;
                  end;
                  T := N;
               when 2 =>
                  declare
                     C : Integer;
                  begin
                     Waiter.Count_Take (C);
                     begin
                        C := T;
                     exception
                        when Occurrence : others =>
                           Waiter.Count_Failed (Occurrence);
                           raise;
                     end;
                     Waiter.Count_Accept_End (C);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Waiter_Agent;

   X : Integer;
begin
   Gauge.Set (42);
   Gauge.Get (X);
   Put_Line ("level" & Integer'Image (X));
   Logger.Put (7);
   Waiter.Take (1);
   Waiter.Take (2);
   Waiter.Count (X);
   Put_Line ("tickets" & Integer'Image (X));
   Put_Line ("PASSED");
end Main;
