--  A task type and a single task that implement interfaces: Cell (a
--  one-place buffer that counts what it took) implements the synchronized
--  interface Buffer and the limited interface Counted, Mailbox implements
--  Buffer.  Both become protected objects that implement the same
--  interfaces; callers reach them through the interfaces (dispatching calls,
--  also a timed one on a full buffer that expires), directly, and beside a
--  protected type the program wrote itself that implements Buffer too.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Buffers; use Buffers;
procedure Main is

   type Cell;
   type Cell_Entry is (Cell_No_Entry, Cell_Put, Cell_Get, Cell_Count);
   type Cell_Alternative is record
      Id : Cell_Entry := Cell_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Cell_Alternative_List is array (Positive range <>) of Cell_Alternative;
   type Cell_Access is access all Cell;
   task type Cell_Agent (Self : not null Cell_Access) is
      --  rdv2po: general scheme agent of Cell
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Integer);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : out Natural);
   end Cell_Agent;
   --  rdv2po: task type Cell became this protected type; its code runs in
   --  Cell_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Cell is new Buffer and Counted with
      overriding entry Put (X : Integer);
      overriding entry Get (X : out Integer);
      overriding entry Count (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Cell_Agent
      entry Select_Arm
        (Order : Cell_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (X : Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry Get_Held (X : out Integer);
      procedure Get_Woken (X : in Integer);
      procedure Get_Take (X : out Integer);
      procedure Get_Accept_End (X : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (X : out Integer);
      entry Count_Held (N : out Natural);
      procedure Count_Woken (N : in Natural);
      procedure Count_Take (N : out Natural);
      procedure Count_Accept_End (N : in Natural);
      procedure Count_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Count_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Cell_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Cell_Alternative);
      function Queued (Alternative : Cell_Alternative) return Boolean;
      function Position_Of (Alternative : Cell_Alternative) return Natural;
      Armed_List : Cell_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Cell_Entry := Cell_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_X : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Count_Armed : Boolean := False;
      Count_N : Natural;
      Count_Done : Boolean := False;
      Count_Raised : Boolean := False;
      Count_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Cell_Agent (Self => Cell'Unchecked_Access);
   end Cell;

   protected body Cell is

      entry Put (X : Integer)
        when Closed
          or else (Chosen = Cell_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Cell_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Cell_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put;

      entry Put_Held (X : Integer)
        when Closed or else (Chosen = Cell_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Cell_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put_Held;

      entry Get (X : out Integer)
        when Closed
          or else (Chosen = Cell_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Cell_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Cell_Get, Index => 0));
         Get_Woken (X);
         requeue Get_Queue;
      end Get;

      entry Get_Held (X : out Integer)
        when Closed or else (Chosen = Cell_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Cell_Get, Index => 0));
         Get_Woken (X);
         requeue Get_Queue;
      end Get_Held;

      entry Count (N : out Natural)
        when Closed
          or else (Chosen = Cell_No_Entry
                   and then Count_Armed
                   and then Count_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_3
              (Position_Of ((Id => Cell_Count, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Cell_Count, Index => 0));
         Count_Woken (N);
         requeue Count_Queue;
      end Count;

      entry Count_Held (N : out Natural)
        when Closed or else (Chosen = Cell_No_Entry and then Count_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Cell_Count, Index => 0));
         Count_Woken (N);
         requeue Count_Queue;
      end Count_Held;

      entry Select_Arm
        (Order : Cell_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Cell_No_Entry then
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
        (Order : Cell_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Cell_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Count_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Cell_Alternative) is
      begin
         case Alternative.Id is
            when Cell_Put =>
               Put_Armed := True;
            when Cell_Get =>
               Get_Armed := True;
            when Cell_Count =>
               Count_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Cell_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Cell_Put =>
               return Cell.Put'Count + Put_Held'Count > 0;
            when Cell_Get =>
               return Cell.Get'Count + Get_Held'Count > 0;
            when Cell_Count =>
               return Cell.Count'Count + Count_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Cell_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Cell_No_Entry;
      end Put_Take;

      procedure Put_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Cell_Put;
         Put_X := X;
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

      entry Put_Queue (X : in Integer)
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

      procedure Get_Take (X : out Integer) is
      begin
         X := Get_X;
         Chosen := Cell_No_Entry;
      end Get_Take;

      procedure Get_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Cell_Get;
         Get_X := X;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (X : in Integer) is
      begin
         Get_X := X;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (X : out Integer)
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
         X := Get_X;
      end Get_Queue;

      procedure Count_Take (N : out Natural) is
      begin
         N := Count_N;
         Chosen := Cell_No_Entry;
      end Count_Take;

      procedure Count_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Cell_Count;
         Count_N := N;
         Count_Done := False;
      end Count_Woken;

      procedure Count_Accept_End (N : in Natural) is
      begin
         Count_N := N;
         Count_Done := True;
      end Count_Accept_End;

      procedure Count_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Count_Failure, Occurrence);
         Count_Raised := True;
         Count_Done := True;
      end Count_Failed;

      entry Count_Queue (N : out Natural)
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
         N := Count_N;
      end Count_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Cell;

   task body Cell_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Cell_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Cell_Closer);
      overriding procedure Finalize (Object : in out Cell_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Cell_Closer;
      Value : Integer := 0;
      Full  : Boolean := False;
      Taken : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Cell_Alternative_List :=
              (1 => ((if not Full then Cell_Put else Cell_No_Entry), 0),
               2 => ((if Full then Cell_Get else Cell_No_Entry), 0),
               3 => (Cell_Count, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Self.Put_Woken (Value_1);
                     requeue Self.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Self.Get_Woken (Value_1);
                     requeue Self.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : out Natural) do
                     Self.Count_Woken (Value_1);
                     requeue Self.Count_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Self.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Self.Get_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : out Natural) do
                        requeue Self.Count_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Self.Put_Take (X);
                     begin
                        Value := X;
                     exception
                        when Occurrence : others =>
                           Self.Put_Failed (Occurrence);
                           raise;
                     end;
                     Self.Put_Accept_End;
                  end;
                  Full := True;
                  Taken := Taken + 1;
               when 2 =>
                  declare
                     X : Integer;
                  begin
                     Self.Get_Take (X);
                     begin
                        X := Value;
                     exception
                        when Occurrence : others =>
                           Self.Get_Failed (Occurrence);
                           raise;
                     end;
                     Self.Get_Accept_End (X);
                  end;
                  Full := False;
               when 3 =>
                  declare
                     N : Natural;
                  begin
                     Self.Count_Take (N);
                     begin
                        N := Taken;
                     exception
                        when Occurrence : others =>
                           Self.Count_Failed (Occurrence);
                           raise;
                     end;
                     Self.Count_Accept_End (N);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Cell_Agent;

   type Mailbox_Entry is (Mailbox_No_Entry, Mailbox_Put, Mailbox_Get);
   type Mailbox_Alternative is record
      Id : Mailbox_Entry := Mailbox_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Mailbox_Alternative_List is array (Positive range <>) of Mailbox_Alternative;
   --  rdv2po: task Mailbox became this protected object; its code runs in the
   --  task Mailbox_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Mailbox is new Buffer with
      entry Put (X : Integer);
      entry Get (X : out Integer);
      --  rdv2po: the rendezvous protocol, for Mailbox_Agent
      entry Select_Arm
        (Order : Mailbox_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (X : Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry Get_Held (X : out Integer);
      procedure Get_Woken (X : in Integer);
      procedure Get_Take (X : out Integer);
      procedure Get_Accept_End (X : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (X : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Mailbox_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Mailbox_Alternative);
      function Queued (Alternative : Mailbox_Alternative) return Boolean;
      function Position_Of (Alternative : Mailbox_Alternative) return Natural;
      Armed_List : Mailbox_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Mailbox_Entry := Mailbox_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_X : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Mailbox;
   task Mailbox_Agent is
      --  rdv2po: general scheme agent of Mailbox
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Mailbox_Agent;

   protected body Mailbox is

      entry Put (X : Integer)
        when Closed
          or else (Chosen = Mailbox_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Mailbox_Agent.Wake_1
              (Position_Of ((Id => Mailbox_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Mailbox_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put;

      entry Put_Held (X : Integer)
        when Closed or else (Chosen = Mailbox_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mailbox_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put_Held;

      entry Get (X : out Integer)
        when Closed
          or else (Chosen = Mailbox_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Mailbox_Agent.Wake_2
              (Position_Of ((Id => Mailbox_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Mailbox_Get, Index => 0));
         Get_Woken (X);
         requeue Get_Queue;
      end Get;

      entry Get_Held (X : out Integer)
        when Closed or else (Chosen = Mailbox_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mailbox_Get, Index => 0));
         Get_Woken (X);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Mailbox_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Mailbox_No_Entry then
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
        (Order : Mailbox_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Mailbox_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Mailbox_Alternative) is
      begin
         case Alternative.Id is
            when Mailbox_Put =>
               Put_Armed := True;
            when Mailbox_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Mailbox_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Mailbox_Put =>
               return Mailbox.Put'Count + Put_Held'Count > 0;
            when Mailbox_Get =>
               return Mailbox.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Mailbox_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Mailbox_No_Entry;
      end Put_Take;

      procedure Put_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Mailbox_Put;
         Put_X := X;
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

      entry Put_Queue (X : in Integer)
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

      procedure Get_Take (X : out Integer) is
      begin
         X := Get_X;
         Chosen := Mailbox_No_Entry;
      end Get_Take;

      procedure Get_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Mailbox_Get;
         Get_X := X;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (X : in Integer) is
      begin
         Get_X := X;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (X : out Integer)
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
         X := Get_X;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Mailbox;

   task body Mailbox_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Mailbox_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Mailbox_Closer);
      overriding procedure Finalize (Object : in out Mailbox_Closer) is
      begin
         Mailbox.Close;
      end Finalize;
      Closer : Mailbox_Closer;
      Sum : Integer := 0;
      Items : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Mailbox_Alternative_List :=
              (1 => (Mailbox_Put, 0),
               2 => ((if Items > 0 then Mailbox_Get else Mailbox_No_Entry), 0));
            Choice : Natural;
         begin
            Mailbox.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Mailbox.Put_Woken (Value_1);
                     requeue Mailbox.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Mailbox.Get_Woken (Value_1);
                     requeue Mailbox.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Mailbox.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Mailbox.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Mailbox.Put_Take (X);
                     begin
                        Sum := Sum + X;
                     exception
                        when Occurrence : others =>
                           Mailbox.Put_Failed (Occurrence);
                           raise;
                     end;
                     Mailbox.Put_Accept_End;
                  end;
                  Items := Items + 1;
               when 2 =>
                  declare
                     X : Integer;
                  begin
                     Mailbox.Get_Take (X);
                     begin
                        X := Sum;
                     exception
                        when Occurrence : others =>
                           Mailbox.Get_Failed (Occurrence);
                           raise;
                     end;
                     Mailbox.Get_Accept_End (X);
                  end;
                  Sum := 0;
                  Items := 0;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Mailbox_Agent;

   --  written by the program: a buffer that keeps the largest value
   protected type Keeper is new Buffer with
      overriding entry Put (X : Integer);
      overriding entry Get (X : out Integer);
   private
      Best : Integer := Integer'First;
   end Keeper;

   protected body Keeper is
      entry Put (X : Integer) when True is
      begin
         Best := Integer'Max (Best, X);
      end Put;
      entry Get (X : out Integer) when Best > Integer'First is
      begin
         X := Best;
      end Get;
   end Keeper;

   type Buffer_Ref is access all Buffer'Class;

   A, B : aliased Cell;
   K    : aliased Keeper;
   All_Buffers : constant array (1 .. 2) of Buffer_Ref := (A'Access, K'Access);
   Counters : constant array (1 .. 2) of access Counted'Class :=
     (A'Access, B'Access);
   X : Integer;
   N : Natural;
begin
   for I in All_Buffers'Range loop
      All_Buffers (I).Put (10 * I);
      All_Buffers (I).Get (X);
      Put_Line ("buffer" & Integer'Image (I) & " gives" & Integer'Image (X));
      All_Buffers (I).Reset;
   end loop;
   Mailbox.Put (100);
   Mailbox.Get (X);
   Put_Line ("Mailbox gives" & Integer'Image (X));
   Fill (Mailbox, 1, 4);
   Mailbox.Get (X);
   Put_Line ("Mailbox sum of 1 .. 4:" & Integer'Image (X));
   B.Put (7);
   select
      All_Buffers (1).Put (8);
      Put_Line ("A took 8");
   or
      delay 0.05;
      Put_Line ("A was full: the timed call expired (wrong)");
   end select;
   select
      Counters (2).all.Count (N);   --  B is full: Count is open all the same
      Put_Line ("B counted" & Natural'Image (N));
   or
      delay 1.0;
      Put_Line ("B did not count (wrong)");
   end select;
   declare
      Full_B : Buffer'Class renames Buffer'Class (B);
   begin
      select
         Full_B.Put (9);
         Put_Line ("B took 9 while full (wrong)");
      or
         delay 0.05;
         Put_Line ("B is full: the timed call through the interface expired");
      end select;
   end;
   B.Get (X);
   Put_Line ("B gives" & Integer'Image (X));
   A.Get (X);
   Put_Line ("A gives" & Integer'Image (X));
   for I in Counters'Range loop
      Counters (I).Count (N);
      Put_Line ("counter" & Integer'Image (I) & " took" & Natural'Image (N));
   end loop;
   Put_Line ("PASSED");
end Main;
