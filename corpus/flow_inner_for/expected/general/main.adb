--  Inner for loops holding accepts: a barrier task type whose parties arrive
--  and depart in two counted loops sharing one index name (their lives do not
--  overlap, so they share one component), and a dealer that deals cards in a
--  reverse loop whose index the accept body reads (its range empty when no
--  shuffle came before).  The server scheme enters each range once, steps the
--  index in the entry ending a pass, and leaves the loop, running what
--  follows, at its last value or at once when the range is empty.
with Ada.Finalization;
with Ada.Exceptions;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Barrier;
   type Barrier_Entry is (Barrier_No_Entry, Barrier_Arrive, Barrier_Depart);
   type Barrier_Alternative is record
      Id : Barrier_Entry := Barrier_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Barrier_Alternative_List is array (Positive range <>) of Barrier_Alternative;
   task type Barrier_Agent
     (Self : not null access Barrier;
      Parties : Positive) is
      --  rdv2po: general scheme agent of Barrier
      entry Wake_1 (Positive range 1 .. 1);
   end Barrier_Agent;
   --  rdv2po: task type Barrier became this protected type; its code runs in
   --  Barrier_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Barrier (Parties : Positive) is
      entry Arrive;
      entry Depart;
      --  rdv2po: the rendezvous protocol, for Barrier_Agent
      entry Select_Arm
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural);
      entry Arrive_Held;
      procedure Arrive_Woken;
      entry Arrive_Accept_Begin;
      procedure Arrive_Take;
      entry Depart_Accept_Begin;
      procedure Close;
   private
      entry Select_Wait
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Barrier_Alternative);
      function Queued (Alternative : Barrier_Alternative) return Boolean;
      function Position_Of (Alternative : Barrier_Alternative) return Natural;
      Armed_List : Barrier_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Barrier_Entry := Barrier_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Arrive_Armed : Boolean := False;
      Agent : Barrier_Agent (Self => Barrier'Unchecked_Access, Parties => Parties);
   end Barrier;
   protected body Barrier is

      entry Arrive
        when Closed
          or else (Chosen = Barrier_No_Entry
                   and then (Arrive_Accept_Begin'Count > 0 or else Arrive_Armed)
                   and then Arrive_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Barrier_Arrive, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Barrier_Arrive, Index => 0));
         Arrive_Woken;
      end Arrive;

      entry Arrive_Held
        when Closed
          or else (Chosen = Barrier_No_Entry
                   and then (Arrive_Accept_Begin'Count > 0 or else Arrive_Armed))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Barrier_Arrive, Index => 0));
         Arrive_Woken;
      end Arrive_Held;

      entry Depart
        when Closed
          or else (Chosen = Barrier_No_Entry
                   and then Depart_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Barrier_Depart;
      end Depart;

      entry Select_Arm
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Barrier_No_Entry then
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
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Barrier_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Arrive_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Barrier_Alternative) is
      begin
         case Alternative.Id is
            when Barrier_Arrive =>
               Arrive_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Barrier_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Barrier_Arrive =>
               return Barrier.Arrive'Count + Arrive_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Barrier_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Arrive_Accept_Begin
        when Chosen = Barrier_Arrive is
      begin
         Chosen := Barrier_No_Entry;
      end Arrive_Accept_Begin;

      procedure Arrive_Take is
      begin
         Chosen := Barrier_No_Entry;
      end Arrive_Take;

      procedure Arrive_Woken is
      begin
         Disarm;
         Chosen := Barrier_Arrive;
      end Arrive_Woken;

      entry Depart_Accept_Begin
        when Chosen = Barrier_Depart is
      begin
         Chosen := Barrier_No_Entry;
      end Depart_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Barrier;

   task body Barrier_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Barrier_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Barrier_Closer);
      overriding procedure Finalize (Object : in out Barrier_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Barrier_Closer;
   begin
      loop
         declare
            Alternatives : constant Barrier_Alternative_List :=
              (1 => (Barrier_Arrive, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Self.Arrive_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Self.Arrive_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Self.Arrive_Take;
               when others =>
                  null;
            end case;
         end;
         for I in 2 .. Parties loop
            Self.Arrive_Accept_Begin;
         end loop;
         for I in 1 .. Parties loop
            Self.Depart_Accept_Begin;
         end loop;
      end loop;
   end Barrier_Agent;

   type Card is range 1 .. 13;
   type Dealer_Entry is
     (Dealer_No_Entry,
      Dealer_Shuffle,
      Dealer_Deal,
      Dealer_Dealt);
   type Dealer_Alternative is record
      Id : Dealer_Entry := Dealer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Dealer_Alternative_List is array (Positive range <>) of Dealer_Alternative;
   --  rdv2po: task Dealer became this protected object; its code runs in the
   --  task Dealer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Dealer is
      entry Shuffle (From : Card);
      entry Deal (C : out Card);
      entry Dealt (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Dealer_Agent
      entry Select_Arm
        (Order : Dealer_Alternative_List;
         Chosen_Position : out Natural);
      entry Shuffle_Held (From : Card);
      procedure Shuffle_Woken (From : in Card);
      procedure Shuffle_Take (From : out Card);
      procedure Shuffle_Accept_End;
      procedure Shuffle_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Shuffle_Queue (From : in Card);
      entry Deal_Accept_Begin (C : out Card);
      procedure Deal_Accept_End (C : in Card);
      procedure Deal_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Deal_Queue (C : out Card);
      entry Dealt_Held (N : out Natural);
      procedure Dealt_Woken (N : in Natural);
      procedure Dealt_Take (N : out Natural);
      procedure Dealt_Accept_End (N : in Natural);
      procedure Dealt_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Dealt_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Dealer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Dealer_Alternative);
      function Queued (Alternative : Dealer_Alternative) return Boolean;
      function Position_Of (Alternative : Dealer_Alternative) return Natural;
      Armed_List : Dealer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Dealer_Entry := Dealer_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Shuffle_Armed : Boolean := False;
      Shuffle_From : Card;
      Shuffle_Done : Boolean := False;
      Shuffle_Raised : Boolean := False;
      Shuffle_Failure : Ada.Exceptions.Exception_Occurrence;
      Deal_C : Card;
      Deal_Done : Boolean := False;
      Deal_Raised : Boolean := False;
      Deal_Failure : Ada.Exceptions.Exception_Occurrence;
      Dealt_Armed : Boolean := False;
      Dealt_N : Natural;
      Dealt_Done : Boolean := False;
      Dealt_Raised : Boolean := False;
      Dealt_Failure : Ada.Exceptions.Exception_Occurrence;
   end Dealer;
   task Dealer_Agent is
      --  rdv2po: general scheme agent of Dealer
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Card);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Dealer_Agent;
   protected body Dealer is

      entry Shuffle (From : Card)
        when Closed
          or else (Chosen = Dealer_No_Entry
                   and then Shuffle_Armed
                   and then Shuffle_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Dealer_Agent.Wake_1
              (Position_Of ((Id => Dealer_Shuffle, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Dealer_Shuffle, Index => 0));
         Shuffle_Woken (From);
         requeue Shuffle_Queue;
      end Shuffle;

      entry Shuffle_Held (From : Card)
        when Closed or else (Chosen = Dealer_No_Entry and then Shuffle_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dealer_Shuffle, Index => 0));
         Shuffle_Woken (From);
         requeue Shuffle_Queue;
      end Shuffle_Held;

      entry Deal (C : out Card)
        when Closed
          or else (Chosen = Dealer_No_Entry
                   and then Deal_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Dealer_Deal;
         Deal_C := C;
         Deal_Done := False;
         requeue Deal_Queue;
      end Deal;

      entry Dealt (N : out Natural)
        when Closed
          or else (Chosen = Dealer_No_Entry
                   and then Dealt_Armed
                   and then Dealt_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Dealer_Agent.Wake_2
              (Position_Of ((Id => Dealer_Dealt, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Dealer_Dealt, Index => 0));
         Dealt_Woken (N);
         requeue Dealt_Queue;
      end Dealt;

      entry Dealt_Held (N : out Natural)
        when Closed or else (Chosen = Dealer_No_Entry and then Dealt_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dealer_Dealt, Index => 0));
         Dealt_Woken (N);
         requeue Dealt_Queue;
      end Dealt_Held;

      entry Select_Arm
        (Order : Dealer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Dealer_No_Entry then
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
        (Order : Dealer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Dealer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Shuffle_Armed := False;
         Dealt_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Dealer_Alternative) is
      begin
         case Alternative.Id is
            when Dealer_Shuffle =>
               Shuffle_Armed := True;
            when Dealer_Dealt =>
               Dealt_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Dealer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Dealer_Shuffle =>
               return Dealer.Shuffle'Count + Shuffle_Held'Count > 0;
            when Dealer_Dealt =>
               return Dealer.Dealt'Count + Dealt_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Dealer_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Shuffle_Take (From : out Card) is
      begin
         From := Shuffle_From;
         Chosen := Dealer_No_Entry;
      end Shuffle_Take;

      procedure Shuffle_Woken (From : in Card) is
      begin
         Disarm;
         Chosen := Dealer_Shuffle;
         Shuffle_From := From;
         Shuffle_Done := False;
      end Shuffle_Woken;

      procedure Shuffle_Accept_End is
      begin
         Shuffle_Done := True;
      end Shuffle_Accept_End;

      procedure Shuffle_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Shuffle_Failure, Occurrence);
         Shuffle_Raised := True;
         Shuffle_Done := True;
      end Shuffle_Failed;

      entry Shuffle_Queue (From : in Card)
        when Shuffle_Done or else Closed is
      begin
         if not Shuffle_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Shuffle_Done := False;
         if Shuffle_Raised then
            Shuffle_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Shuffle_Failure);
         end if;
      end Shuffle_Queue;

      entry Deal_Accept_Begin (C : out Card)
        when Chosen = Dealer_Deal is
      begin
         C := Deal_C;
         Chosen := Dealer_No_Entry;
      end Deal_Accept_Begin;

      procedure Deal_Accept_End (C : in Card) is
      begin
         Deal_C := C;
         Deal_Done := True;
      end Deal_Accept_End;

      procedure Deal_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Deal_Failure, Occurrence);
         Deal_Raised := True;
         Deal_Done := True;
      end Deal_Failed;

      entry Deal_Queue (C : out Card)
        when Deal_Done or else Closed is
      begin
         if not Deal_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Deal_Done := False;
         if Deal_Raised then
            Deal_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Deal_Failure);
         end if;
         C := Deal_C;
      end Deal_Queue;

      procedure Dealt_Take (N : out Natural) is
      begin
         N := Dealt_N;
         Chosen := Dealer_No_Entry;
      end Dealt_Take;

      procedure Dealt_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Dealer_Dealt;
         Dealt_N := N;
         Dealt_Done := False;
      end Dealt_Woken;

      procedure Dealt_Accept_End (N : in Natural) is
      begin
         Dealt_N := N;
         Dealt_Done := True;
      end Dealt_Accept_End;

      procedure Dealt_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Dealt_Failure, Occurrence);
         Dealt_Raised := True;
         Dealt_Done := True;
      end Dealt_Failed;

      entry Dealt_Queue (N : out Natural)
        when Dealt_Done or else Closed is
      begin
         if not Dealt_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Dealt_Done := False;
         if Dealt_Raised then
            Dealt_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Dealt_Failure);
         end if;
         N := Dealt_N;
      end Dealt_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Dealer;

   task body Dealer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Dealer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Dealer_Closer);
      overriding procedure Finalize (Object : in out Dealer_Closer) is
      begin
         Dealer.Close;
      end Finalize;
      Closer : Dealer_Closer;
      Top : Natural := 0;           --  cards left to deal after a shuffle
      Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Dealer_Alternative_List :=
              (1 => (Dealer_Shuffle, 0),
               2 => (Dealer_Dealt, 0));
            Choice : Natural;
         begin
            Dealer.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Card) do
                     Dealer.Shuffle_Woken (Value_1);
                     requeue Dealer.Shuffle_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Natural) do
                     Dealer.Dealt_Woken (Value_1);
                     requeue Dealer.Dealt_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Card) do
                        requeue Dealer.Shuffle_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        requeue Dealer.Dealt_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     From : Card;
                  begin
                     Dealer.Shuffle_Take (From);
                     begin
                        Top := Natural (From);
                     exception
                        when Occurrence : others =>
                           Dealer.Shuffle_Failed (Occurrence);
                           raise;
                     end;
                     Dealer.Shuffle_Accept_End;
                  end;
               when 2 =>
                  declare
                     N : Natural;
                  begin
                     Dealer.Dealt_Take (N);
                     begin
                        N := Count;
                     exception
                        when Occurrence : others =>
                           Dealer.Dealt_Failed (Occurrence);
                           raise;
                     end;
                     Dealer.Dealt_Accept_End (N);
                  end;
               when others =>
                  null;
            end case;
         end;
         for K in reverse 1 .. Top loop      --  empty after Dealt: Top is 0
            declare
               C : Card;
            begin
               Dealer.Deal_Accept_Begin (C);
               begin
                  C := Card (K);
               exception
                  when Occurrence : others =>
                     Dealer.Deal_Failed (Occurrence);
                     raise;
               end;
               Dealer.Deal_Accept_End (C);
            end;
            Count := Count + 1;
         end loop;
         Top := 0;
      end loop;
   end Dealer_Agent;

   B : Barrier (3);
   Phase_Sum : array (1 .. 3) of Natural := (others => 0);
   pragma Volatile (Phase_Sum);

   task type Worker (Id : Positive);
   task body Worker is
   begin
      for Phase in 1 .. 3 loop
         Phase_Sum (Id) := Phase_Sum (Id) + Phase * Id;
         B.Arrive;
         B.Depart;
      end loop;
   end Worker;

   C : Card;
   N : Natural;
begin
   declare
      W1 : Worker (1);
      W2 : Worker (2);
      W3 : Worker (3);
   begin
      null;
   end;
   for I in Phase_Sum'Range loop
      Put_Line ("worker" & Integer'Image (I) & ":" & Natural'Image (Phase_Sum (I)));
   end loop;
   Dealer.Shuffle (3);
   for I in 1 .. 3 loop
      Dealer.Deal (C);
      Put ("dealt" & Card'Image (C) & ";");
   end loop;
   New_Line;
   select
      Dealer.Deal (C);
      Put_Line ("dealt a fourth");
   or
      delay 0.05;
      Put_Line ("no fourth card before a shuffle");
   end select;
   Dealer.Dealt (N);
   Put_Line ("dealt" & Natural'Image (N) & " cards");
   Dealer.Shuffle (1);
   Dealer.Deal (C);
   Dealer.Dealt (N);
   Put_Line ("dealt" & Card'Image (C) & ", in all" & Natural'Image (N));
   Put_Line ("PASSED");
end Main;
