--  Sieve of Eratosthenes as a pipeline of filter tasks (after Ben-Ari,
--  "Principles of Concurrent and Distributed Programming", and the
--  classic Ada textbook pipeline): each Filter keeps the first number it
--  receives (a prime) and passes on the numbers it does not divide,
--  creating the next filter on demand with an allocator.  A Collector task
--  records the primes in the order they are found.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Limit : constant := 120;

   type Prime_List is array (1 .. 40) of Natural;

   type Collector_Entry is (Collector_No_Entry, Collector_Add, Collector_Get);
   type Collector_Alternative is record
      Id : Collector_Entry := Collector_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Collector_Alternative_List is array (Positive range <>) of Collector_Alternative;
   --  rdv2po: task Collector became this protected object; its code runs in
   --  the task Collector_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Collector is
      entry Add (P : Positive);
      entry Get (List : out Prime_List; Count : out Natural);
      --  rdv2po: the rendezvous protocol, for Collector_Agent
      entry Select_Arm
        (Order : Collector_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (P : Positive);
      procedure Add_Woken (P : in Positive);
      procedure Add_Take (P : out Positive);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (P : in Positive);
      entry Get_Held (List : out Prime_List; Count : out Natural);
      procedure Get_Woken (List : in Prime_List; Count : in Natural);
      procedure Get_Take (List : out Prime_List; Count : out Natural);
      procedure Get_Accept_End (List : in Prime_List; Count : in Natural);
      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         List : in Prime_List);
      entry Get_Queue (List : out Prime_List; Count : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Collector_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Collector_Alternative);
      function Queued (Alternative : Collector_Alternative) return Boolean;
      function Position_Of (Alternative : Collector_Alternative) return Natural;
      Armed_List : Collector_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Collector_Entry := Collector_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_P : Positive;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_List : Prime_List;
      Get_Count_2 : Natural;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Collector;
   task Collector_Agent is
      --  rdv2po: general scheme agent of Collector
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Positive);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Prime_List; Value_2 : out Natural);
   end Collector_Agent;

   protected body Collector is

      entry Add (P : Positive)
        when Closed
          or else (Chosen = Collector_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Collector_Agent.Wake_1
              (Position_Of ((Id => Collector_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Collector_Add, Index => 0));
         Add_Woken (P);
         requeue Add_Queue;
      end Add;

      entry Add_Held (P : Positive)
        when Closed or else (Chosen = Collector_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Collector_Add, Index => 0));
         Add_Woken (P);
         requeue Add_Queue;
      end Add_Held;

      entry Get (List : out Prime_List; Count : out Natural)
        when Closed
          or else (Chosen = Collector_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Collector_Agent.Wake_2
              (Position_Of ((Id => Collector_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Collector_Get, Index => 0));
         Get_Woken (List, Count);
         requeue Get_Queue;
      end Get;

      entry Get_Held (List : out Prime_List; Count : out Natural)
        when Closed or else (Chosen = Collector_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Collector_Get, Index => 0));
         Get_Woken (List, Count);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Collector_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found_2 : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Collector_No_Entry then
               if Found_2 = 0 and then Queued (Order (K)) then
                  Found_2 := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found_2 /= 0 then
            Armed_List (1 .. Found_2) := Order (Order'First .. Order'First + Found_2 - 1);
            Armed_Last := Found_2;
            Arm (Order (Found_2));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Found_2 = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Collector_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Collector_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Collector_Alternative) is
      begin
         case Alternative.Id is
            when Collector_Add =>
               Add_Armed := True;
            when Collector_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Collector_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Collector_Add =>
               return Collector.Add'Count + Add_Held'Count > 0;
            when Collector_Get =>
               return Collector.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Collector_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (P : out Positive) is
      begin
         P := Add_P;
         Chosen := Collector_No_Entry;
      end Add_Take;

      procedure Add_Woken (P : in Positive) is
      begin
         Disarm;
         Chosen := Collector_Add;
         Add_P := P;
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

      entry Add_Queue (P : in Positive)
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

      procedure Get_Take (List : out Prime_List; Count : out Natural) is
      begin
         List := Get_List;
         Count := Get_Count_2;
         Chosen := Collector_No_Entry;
      end Get_Take;

      procedure Get_Woken (List : in Prime_List; Count : in Natural) is
      begin
         Disarm;
         Chosen := Collector_Get;
         Get_List := List;
         Get_Count_2 := Count;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (List : in Prime_List; Count : in Natural) is
      begin
         Get_List := List;
         Get_Count_2 := Count;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         List : in Prime_List) is
      begin
         Get_List := List;
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (List : out Prime_List; Count : out Natural)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            List := Get_List;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         List := Get_List;
         Count := Get_Count_2;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Collector;

   task body Collector_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Collector_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Collector_Closer);
      overriding procedure Finalize (Object : in out Collector_Closer) is
      begin
         Collector.Close;
      end Finalize;
      Closer : Collector_Closer;
      Found : Prime_List := (others => 0);
      N     : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Collector_Alternative_List :=
              (1 => (Collector_Add, 0),
               2 => (Collector_Get, 0));
            Choice : Natural;
         begin
            Collector.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Positive) do
                     Collector.Add_Woken (Value_1);
                     requeue Collector.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Prime_List; Value_2 : out Natural) do
                     Collector.Get_Woken (Value_1, Value_2);
                     requeue Collector.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Positive) do
                        requeue Collector.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Prime_List; Value_2 : out Natural) do
                        requeue Collector.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     P : Positive;
                  begin
                     Collector.Add_Take (P);
                     begin
                        N := N + 1;
                        Found (N) := P;
                     exception
                        when Occurrence : others =>
                           Collector.Add_Failed (Occurrence);
                           raise;
                     end;
                     Collector.Add_Accept_End;
                  end;
               when 2 =>
                  declare
                     List : Prime_List;
                     Count : Natural;
                  begin
                     Collector.Get_Take (List, Count);
                     begin
                        List := Found;
                        Count := N;
                     exception
                        when Occurrence : others =>
                           Collector.Get_Failed (Occurrence, List);
                           raise;
                     end;
                     Collector.Get_Accept_End (List, Count);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Collector_Agent;

   type Filter;
   type Filter_Entry is (Filter_No_Entry, Filter_Pass, Filter_Stop);
   type Filter_Alternative is record
      Id : Filter_Entry := Filter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Filter_Alternative_List is array (Positive range <>) of Filter_Alternative;
   task type Filter_Agent (Self : not null access Filter) is
      --  rdv2po: general scheme agent of Filter
   end Filter_Agent;
   --  rdv2po: task type Filter became this protected type; its code runs in
   --  Filter_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Filter is
      entry Pass (N : Positive);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Filter_Agent
      entry Select_Arm
        (Order : Filter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Pass_Take (N : out Positive);
      procedure Pass_Accept_End;
      procedure Pass_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Pass_Queue (N : in Positive);
      procedure Stop_Take;
      procedure Stop_Accept_End;
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Filter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Filter_Alternative);
      function Queued (Alternative : Filter_Alternative) return Boolean;
      function Position_Of (Alternative : Filter_Alternative) return Natural;
      Armed_List : Filter_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Filter_Entry := Filter_No_Entry;
      Closed : Boolean := False;
      Pass_Armed : Boolean := False;
      Pass_N : Positive;
      Pass_Done : Boolean := False;
      Pass_Raised : Boolean := False;
      Pass_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Filter_Agent (Self => Filter'Unchecked_Access);
   end Filter;

   type Filter_Ptr is access Filter;

   function New_Filter return Filter_Ptr is
   begin
      return new Filter;
   end New_Filter;

   protected body Filter is

      entry Pass (N : Positive)
        when Closed or else (Chosen = Filter_No_Entry and then Pass_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Filter_Pass, Index => 0));
         Disarm;
         Chosen := Filter_Pass;
         Pass_N := N;
         Pass_Done := False;
         requeue Pass_Queue;
      end Pass;

      entry Stop
        when Closed or else (Chosen = Filter_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Filter_Stop, Index => 0));
         Disarm;
         Chosen := Filter_Stop;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

      entry Select_Arm
        (Order : Filter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found_2 : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Filter_No_Entry then
               Any_Open := True;
               if Found_2 = 0 and then Queued (Order (K)) then
                  Found_2 := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open then
            raise Program_Error;
         end if;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found_2 /= 0 then
            Armed_List (1 .. Found_2) := Order (Order'First .. Order'First + Found_2 - 1);
            Armed_Last := Found_2;
            Arm (Order (Found_2));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Filter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Filter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Pass_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Filter_Alternative) is
      begin
         case Alternative.Id is
            when Filter_Pass =>
               Pass_Armed := True;
            when Filter_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Filter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Filter_Pass =>
               return Filter.Pass'Count > 0;
            when Filter_Stop =>
               return Filter.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Filter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Pass_Take (N : out Positive) is
      begin
         N := Pass_N;
         Chosen := Filter_No_Entry;
      end Pass_Take;

      procedure Pass_Accept_End is
      begin
         Pass_Done := True;
      end Pass_Accept_End;

      procedure Pass_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Pass_Failure, Occurrence);
         Pass_Raised := True;
         Pass_Done := True;
      end Pass_Failed;

      entry Pass_Queue (N : in Positive)
        when Pass_Done or else Closed is
      begin
         if not Pass_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Pass_Done := False;
         if Pass_Raised then
            Pass_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Pass_Failure);
         end if;
      end Pass_Queue;

      procedure Stop_Take is
      begin
         Chosen := Filter_No_Entry;
      end Stop_Take;

      procedure Stop_Accept_End is
      begin
         Stop_Done := True;
      end Stop_Accept_End;

      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
         Stop_Raised := True;
         Stop_Done := True;
      end Stop_Failed;

      entry Stop_Queue
        when Stop_Done or else Closed is
      begin
         if not Stop_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Stop_Done := False;
         if Stop_Raised then
            Stop_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Stop_Failure);
         end if;
      end Stop_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Filter;

   task body Filter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Filter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Filter_Closer);
      overriding procedure Finalize (Object : in out Filter_Closer) is
      begin
         Self.Close;
      end Finalize;
      My_Prime  : Positive := 1;
      Candidate : Positive;
      Next      : Filter_Ptr := null;
      Stopped   : Boolean := False;
   begin
      declare
         Closer : Filter_Closer;   --  closes on completion
      begin
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (Filter_Pass, 0),
                         2 => (Filter_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     N : Positive;
                  begin
                     Self.Pass_Take (N);
                     begin
                        My_Prime := N;
                     exception
                        when Occurrence : others =>
                           Self.Pass_Failed (Occurrence);
                           raise;
                     end;
                     Self.Pass_Accept_End;
                  end;
                  Collector.Add (My_Prime);
               when 2 =>
                  Self.Stop_Take;
                  Self.Stop_Accept_End;
                  Stopped := True;
               when others =>
                  null;
            end case;
         end;

         while not Stopped loop
            declare
               Choice : Natural;
            begin
               Self.Select_Arm
                 (Order => (1 => (Filter_Pass, 0),
                            2 => (Filter_Stop, 0)),
                  Chosen_Position => Choice);
               case Choice is
                  when 1 =>
                     declare
                        N : Positive;
                     begin
                        Self.Pass_Take (N);
                        begin
                           Candidate := N;
                        exception
                           when Occurrence : others =>
                              Self.Pass_Failed (Occurrence);
                              raise;
                        end;
                        Self.Pass_Accept_End;
                     end;
                     if Candidate mod My_Prime /= 0 then
                        if Next = null then
                           Next := New_Filter;
                        end if;
                        Next.Pass (Candidate);
                     end if;
                  when 2 =>
                     Self.Stop_Take;
                     begin
                        if Next /= null then
                           Next.Stop;
                        end if;
                     exception
                        when Occurrence : others =>
                           Self.Stop_Failed (Occurrence);
                           raise;
                     end;
                     Self.Stop_Accept_End;
                     Stopped := True;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end;
   end Filter_Agent;

   First : constant Filter_Ptr := New_Filter;
   List  : Prime_List;
   Count : Natural;
begin
   for N in 2 .. Limit loop
      First.Pass (N);
   end loop;
   First.Stop;
   Collector.Get (List, Count);
   Put_Line ("primes up to" & Integer'Image (Limit) & ":" &
             Natural'Image (Count));
   for I in 1 .. Count loop
      Put (Natural'Image (List (I)));
      if I mod 10 = 0 then
         New_Line;
      end if;
   end loop;
   New_Line;
end Main;
