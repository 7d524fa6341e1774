with Ada.Exceptions;
with Ada.Finalization;
package body Pairs is

   type Pairs_Entry is
     (Pairs_No_Entry,
      Pairs_Give,
      Pairs_Take_Pair,
      Pairs_Count);
   type Pairs_Alternative is record
      Id : Pairs_Entry := Pairs_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Pairs_Alternative_List is array (Positive range <>) of Pairs_Alternative;
   --  rdv2po: the rendezvous of task Pairs, for Pairs_Agent
   protected Pairs_Rendezvous is
      entry Give;
      entry Take_Pair;
      entry Count (N : out Natural);
      entry Select_Arm
        (Order : Pairs_Alternative_List;
         Chosen_Position : out Natural);
      entry Give_Held;
      procedure Give_Woken;
      procedure Give_Take;
      procedure Give_Accept_End;
      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Give_Queue;
      entry Take_Pair_Held;
      procedure Take_Pair_Woken;
      procedure Take_Pair_Take;
      procedure Take_Pair_Accept_End;
      procedure Take_Pair_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Pair_Queue;
      entry Count_Held (N : out Natural);
      procedure Count_Woken (N : in Natural);
      procedure Count_Take (N : out Natural);
      procedure Count_Accept_End (N : in Natural);
      procedure Count_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Count_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Pairs_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Pairs_Alternative);
      function Queued (Alternative : Pairs_Alternative) return Boolean;
      function Position_Of (Alternative : Pairs_Alternative) return Natural;
      Armed_List : Pairs_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Pairs_Entry := Pairs_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Give_Armed : Boolean := False;
      Give_Done : Boolean := False;
      Give_Raised : Boolean := False;
      Give_Failure : Ada.Exceptions.Exception_Occurrence;
      Take_Pair_Armed : Boolean := False;
      Take_Pair_Done : Boolean := False;
      Take_Pair_Raised : Boolean := False;
      Take_Pair_Failure : Ada.Exceptions.Exception_Occurrence;
      Count_Armed : Boolean := False;
      Count_N : Natural;
      Count_Done : Boolean := False;
      Count_Raised : Boolean := False;
      Count_Failure : Ada.Exceptions.Exception_Occurrence;
   end Pairs_Rendezvous;
   task Pairs_Agent is
      --  rdv2po: general scheme agent of Pairs_Rendezvous
      entry Wake_1 (Positive range 1 .. 3);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Natural);
   end Pairs_Agent;

   protected body Pairs is
      --  rdv2po: each call goes on to Pairs_Rendezvous, as cancellable as it
      --  was
      entry Give when True is
      begin
         requeue Pairs_Rendezvous.Give with abort;
      end Give;

      entry Take_Pair when True is
      begin
         requeue Pairs_Rendezvous.Take_Pair with abort;
      end Take_Pair;

      entry Count (N : out Natural) when True is
      begin
         requeue Pairs_Rendezvous.Count with abort;
      end Count;
   end Pairs;

   protected body Pairs_Rendezvous is

      entry Give
        when Closed
          or else (Chosen = Pairs_No_Entry
                   and then Give_Armed
                   and then Give_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Pairs_Agent.Wake_1
              (Position_Of ((Id => Pairs_Give, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Pairs_Give, Index => 0));
         Give_Woken;
         requeue Give_Queue;
      end Give;

      entry Give_Held
        when Closed or else (Chosen = Pairs_No_Entry and then Give_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Pairs_Give, Index => 0));
         Give_Woken;
         requeue Give_Queue;
      end Give_Held;

      entry Take_Pair
        when Closed
          or else (Chosen = Pairs_No_Entry
                   and then Take_Pair_Armed
                   and then Take_Pair_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Pairs_Agent.Wake_1
              (Position_Of ((Id => Pairs_Take_Pair, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Pairs_Take_Pair, Index => 0));
         Take_Pair_Woken;
         requeue Take_Pair_Queue;
      end Take_Pair;

      entry Take_Pair_Held
        when Closed or else (Chosen = Pairs_No_Entry and then Take_Pair_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Pairs_Take_Pair, Index => 0));
         Take_Pair_Woken;
         requeue Take_Pair_Queue;
      end Take_Pair_Held;

      entry Count (N : out Natural)
        when Closed
          or else (Chosen = Pairs_No_Entry
                   and then Count_Armed
                   and then Count_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Pairs_Agent.Wake_2
              (Position_Of ((Id => Pairs_Count, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Pairs_Count, Index => 0));
         Count_Woken (N);
         requeue Count_Queue;
      end Count;

      entry Count_Held (N : out Natural)
        when Closed or else (Chosen = Pairs_No_Entry and then Count_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Pairs_Count, Index => 0));
         Count_Woken (N);
         requeue Count_Queue;
      end Count_Held;

      entry Select_Arm
        (Order : Pairs_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Pairs_No_Entry then
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
        (Order : Pairs_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Pairs_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Give_Armed := False;
         Take_Pair_Armed := False;
         Count_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Pairs_Alternative) is
      begin
         case Alternative.Id is
            when Pairs_Give =>
               Give_Armed := True;
            when Pairs_Take_Pair =>
               Take_Pair_Armed := True;
            when Pairs_Count =>
               Count_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Pairs_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Pairs_Give =>
               return Pairs_Rendezvous.Give'Count + Give_Held'Count > 0;
            when Pairs_Take_Pair =>
               return Pairs_Rendezvous.Take_Pair'Count
                 + Take_Pair_Held'Count > 0;
            when Pairs_Count =>
               return Pairs_Rendezvous.Count'Count + Count_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Pairs_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Give_Take is
      begin
         Chosen := Pairs_No_Entry;
      end Give_Take;

      procedure Give_Woken is
      begin
         Disarm;
         Chosen := Pairs_Give;
         Give_Done := False;
      end Give_Woken;

      procedure Give_Accept_End is
      begin
         Give_Done := True;
      end Give_Accept_End;

      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Give_Failure, Occurrence);
         Give_Raised := True;
         Give_Done := True;
      end Give_Failed;

      entry Give_Queue
        when Give_Done or else Closed is
      begin
         if not Give_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Give_Done := False;
         if Give_Raised then
            Give_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Give_Failure);
         end if;
      end Give_Queue;

      procedure Take_Pair_Take is
      begin
         Chosen := Pairs_No_Entry;
      end Take_Pair_Take;

      procedure Take_Pair_Woken is
      begin
         Disarm;
         Chosen := Pairs_Take_Pair;
         Take_Pair_Done := False;
      end Take_Pair_Woken;

      procedure Take_Pair_Accept_End is
      begin
         Take_Pair_Done := True;
      end Take_Pair_Accept_End;

      procedure Take_Pair_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Pair_Failure, Occurrence);
         Take_Pair_Raised := True;
         Take_Pair_Done := True;
      end Take_Pair_Failed;

      entry Take_Pair_Queue
        when Take_Pair_Done or else Closed is
      begin
         if not Take_Pair_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Pair_Done := False;
         if Take_Pair_Raised then
            Take_Pair_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Take_Pair_Failure);
         end if;
      end Take_Pair_Queue;

      procedure Count_Take (N : out Natural) is
      begin
         N := Count_N;
         Chosen := Pairs_No_Entry;
      end Count_Take;

      procedure Count_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Pairs_Count;
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
   end Pairs_Rendezvous;

   task body Pairs_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Pairs_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Pairs_Closer);
      overriding procedure Finalize (Object : in out Pairs_Closer) is
      begin
         Pairs_Rendezvous.Close;
      end Finalize;
      Closer : Pairs_Closer;
      Ready : Natural := 0;
      Taken : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Pairs_Alternative_List :=
              (1 => (Pairs_Give, 0),
               2 => ((if Ready >= Batch then Pairs_Take_Pair else Pairs_No_Entry), 0),
               3 => (Pairs_Count, 0));
            Choice : Natural;
         begin
            Pairs_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Pairs_Rendezvous.Give_Woken;
                     requeue Pairs_Rendezvous.Give_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Pairs_Rendezvous.Take_Pair_Woken;
                     requeue Pairs_Rendezvous.Take_Pair_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_2 (3) (Value_1 : out Natural) do
                     Pairs_Rendezvous.Count_Woken (Value_1);
                     requeue Pairs_Rendezvous.Count_Queue;
                  end Wake_2;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Pairs_Rendezvous.Give_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Pairs_Rendezvous.Take_Pair_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (3) (Value_1 : out Natural) do
                        requeue Pairs_Rendezvous.Count_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Pairs_Rendezvous.Give_Take;
                  begin
                     Ready := Ready + 1;
                  exception
                     when Occurrence : others =>
                        Pairs_Rendezvous.Give_Failed (Occurrence);
                        raise;
                  end;
                  Pairs_Rendezvous.Give_Accept_End;
               when 2 =>
                  Pairs_Rendezvous.Take_Pair_Take;
                  begin
                     Ready := Ready - Batch;
                     Taken := Taken + Batch;
                  exception
                     when Occurrence : others =>
                        Pairs_Rendezvous.Take_Pair_Failed (Occurrence);
                        raise;
                  end;
                  Pairs_Rendezvous.Take_Pair_Accept_End;
               when 3 =>
                  declare
                     N : Natural;
                  begin
                     Pairs_Rendezvous.Count_Take (N);
                     begin
                        N := Taken;
                     exception
                        when Occurrence : others =>
                           Pairs_Rendezvous.Count_Failed (Occurrence);
                           raise;
                     end;
                     Pairs_Rendezvous.Count_Accept_End (N);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Pairs_Agent;

   task body Feeder is
   begin
      for I in 1 .. 3 loop
         Pairs.Give;
      end loop;
   end Feeder;

end Pairs;
