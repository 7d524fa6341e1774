--  A server task type with discriminants: each Counter saturates at its
--  own Limit and tags its total with its Id.  Instances are declared
--  directly, through a constrained subtype array, and by allocation.
--  Feeders (a client task type with a discriminant) add to them.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Counter;
   type Counter_Entry is
     (Counter_No_Entry,
      Counter_Add,
      Counter_Total,
      Counter_Calls_Made);
   type Counter_Alternative is record
      Id : Counter_Entry := Counter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Counter_Alternative_List is array (Positive range <>) of Counter_Alternative;
   task type Counter_Agent
     (Self : not null access Counter;
      Id : Natural;
      Limit : Positive) is
      --  rdv2po: general scheme agent of Counter
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Integer);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : out Natural);
   end Counter_Agent;
   --  rdv2po: task type Counter became this protected type; its code runs in
   --  Counter_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Counter (Id : Natural; Limit : Positive) is
      entry Add (N : Integer);
      entry Total (T : out Integer);
      entry Calls_Made (C : out Natural);
      --  rdv2po: the rendezvous protocol, for Counter_Agent
      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (N : Integer);
      procedure Add_Woken (N : in Integer);
      procedure Add_Take (N : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (N : in Integer);
      entry Total_Held (T : out Integer);
      procedure Total_Woken (T : in Integer);
      procedure Total_Take (T : out Integer);
      procedure Total_Accept_End (T : in Integer);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (T : out Integer);
      entry Calls_Made_Held (C : out Natural);
      procedure Calls_Made_Woken (C : in Natural);
      procedure Calls_Made_Take (C : out Natural);
      procedure Calls_Made_Accept_End (C : in Natural);
      procedure Calls_Made_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Calls_Made_Queue (C : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Counter_Alternative);
      function Queued (Alternative : Counter_Alternative) return Boolean;
      function Position_Of (Alternative : Counter_Alternative) return Natural;
      Armed_List : Counter_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Counter_Entry := Counter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_N : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_T : Integer;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
      Calls_Made_Armed : Boolean := False;
      Calls_Made_C : Natural;
      Calls_Made_Done : Boolean := False;
      Calls_Made_Raised : Boolean := False;
      Calls_Made_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Counter_Agent (Self => Counter'Unchecked_Access, Id => Id, Limit => Limit);
   end Counter;

   protected body Counter is

      entry Add (N : Integer)
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Counter_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Counter_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add;

      entry Add_Held (N : Integer)
        when Closed or else (Chosen = Counter_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add_Held;

      entry Total (T : out Integer)
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Total_Armed
                   and then Total_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Counter_Total, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Counter_Total, Index => 0));
         Total_Woken (T);
         requeue Total_Queue;
      end Total;

      entry Total_Held (T : out Integer)
        when Closed or else (Chosen = Counter_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Total, Index => 0));
         Total_Woken (T);
         requeue Total_Queue;
      end Total_Held;

      entry Calls_Made (C : out Natural)
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Calls_Made_Armed
                   and then Calls_Made_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_3
              (Position_Of ((Id => Counter_Calls_Made, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Counter_Calls_Made, Index => 0));
         Calls_Made_Woken (C);
         requeue Calls_Made_Queue;
      end Calls_Made;

      entry Calls_Made_Held (C : out Natural)
        when Closed
          or else (Chosen = Counter_No_Entry and then Calls_Made_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Calls_Made, Index => 0));
         Calls_Made_Woken (C);
         requeue Calls_Made_Queue;
      end Calls_Made_Held;

      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Counter_No_Entry then
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
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Counter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Total_Armed := False;
         Calls_Made_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Counter_Alternative) is
      begin
         case Alternative.Id is
            when Counter_Add =>
               Add_Armed := True;
            when Counter_Total =>
               Total_Armed := True;
            when Counter_Calls_Made =>
               Calls_Made_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Counter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Counter_Add =>
               return Counter.Add'Count + Add_Held'Count > 0;
            when Counter_Total =>
               return Counter.Total'Count + Total_Held'Count > 0;
            when Counter_Calls_Made =>
               return Counter.Calls_Made'Count + Calls_Made_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Counter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (N : out Integer) is
      begin
         N := Add_N;
         Chosen := Counter_No_Entry;
      end Add_Take;

      procedure Add_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Counter_Add;
         Add_N := N;
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

      entry Add_Queue (N : in Integer)
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

      procedure Total_Take (T : out Integer) is
      begin
         T := Total_T;
         Chosen := Counter_No_Entry;
      end Total_Take;

      procedure Total_Woken (T : in Integer) is
      begin
         Disarm;
         Chosen := Counter_Total;
         Total_T := T;
         Total_Done := False;
      end Total_Woken;

      procedure Total_Accept_End (T : in Integer) is
      begin
         Total_T := T;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (T : out Integer)
        when Total_Done or else Closed is
      begin
         if not Total_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Total_Done := False;
         if Total_Raised then
            Total_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Total_Failure);
         end if;
         T := Total_T;
      end Total_Queue;

      procedure Calls_Made_Take (C : out Natural) is
      begin
         C := Calls_Made_C;
         Chosen := Counter_No_Entry;
      end Calls_Made_Take;

      procedure Calls_Made_Woken (C : in Natural) is
      begin
         Disarm;
         Chosen := Counter_Calls_Made;
         Calls_Made_C := C;
         Calls_Made_Done := False;
      end Calls_Made_Woken;

      procedure Calls_Made_Accept_End (C : in Natural) is
      begin
         Calls_Made_C := C;
         Calls_Made_Done := True;
      end Calls_Made_Accept_End;

      procedure Calls_Made_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Calls_Made_Failure, Occurrence);
         Calls_Made_Raised := True;
         Calls_Made_Done := True;
      end Calls_Made_Failed;

      entry Calls_Made_Queue (C : out Natural)
        when Calls_Made_Done or else Closed is
      begin
         if not Calls_Made_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Calls_Made_Done := False;
         if Calls_Made_Raised then
            Calls_Made_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Calls_Made_Failure);
         end if;
         C := Calls_Made_C;
      end Calls_Made_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Counter;

   task body Counter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Counter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Counter_Closer);
      overriding procedure Finalize (Object : in out Counter_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Counter_Closer;
      Sum   : Integer := 0;
      Calls : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Counter_Alternative_List :=
              (1 => (Counter_Add, 0),
               2 => (Counter_Total, 0),
               3 => (Counter_Calls_Made, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Self.Add_Woken (Value_1);
                     requeue Self.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Self.Total_Woken (Value_1);
                     requeue Self.Total_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : out Natural) do
                     Self.Calls_Made_Woken (Value_1);
                     requeue Self.Calls_Made_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Self.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Self.Total_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : out Natural) do
                        requeue Self.Calls_Made_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     N : Integer;
                  begin
                     Self.Add_Take (N);
                     begin
                        Sum := Integer'Min (Sum + N, Limit);
                     exception
                        when Occurrence : others =>
                           Self.Add_Failed (Occurrence);
                           raise;
                     end;
                     Self.Add_Accept_End;
                  end;
                  Calls := Calls + 1;
               when 2 =>
                  declare
                     T : Integer;
                  begin
                     Self.Total_Take (T);
                     begin
                        T := Id * 1_000 + Sum;
                     exception
                        when Occurrence : others =>
                           Self.Total_Failed (Occurrence);
                           raise;
                     end;
                     Self.Total_Accept_End (T);
                  end;
               when 3 =>
                  declare
                     C : Natural;
                  begin
                     Self.Calls_Made_Take (C);
                     begin
                        C := Calls;
                     exception
                        when Occurrence : others =>
                           Self.Calls_Made_Failed (Occurrence);
                           raise;
                     end;
                     Self.Calls_Made_Accept_End (C);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Counter_Agent;

   type Counter_Access is access Counter;

   subtype Small_Counter is Counter (Id => 9, Limit => 25);

   Big    : Counter (1, 1_000);
   Tight  : Counter (Id => 2, Limit => 50);
   Smalls : array (1 .. 2) of Small_Counter;
   Heap   : constant Counter_Access := new Counter (Id => 3, Limit => 120);

   task type Feeder (Scale : Positive);

   task body Feeder is
   begin
      for K in 1 .. 10 loop
         Big.Add (K * Scale);
         Tight.Add (K);
         Heap.Add (Scale);
         Smalls (1 + K mod 2).Add (Scale);
      end loop;
   end Feeder;

   T     : Integer;
   C     : Natural;
   Calls : Natural := 0;
   Sum   : Integer := 0;

   procedure Report (Name : String; Which : in out Counter);

   procedure Report (Name : String; Which : in out Counter) is
   begin
      Which.Total (T);
      Which.Calls_Made (C);
      Put_Line (Name & Integer'Image (T) & " calls" & Natural'Image (C));
      Sum := Sum + T;
      Calls := Calls + C;
   end Report;

begin
   declare
      F1 : Feeder (1);
      F2 : Feeder (Scale => 2);
      F3 : Feeder (3);
   begin
      null;
   end;
   Report ("big", Big);
   Report ("tight", Tight);
   Report ("heap", Heap.all);
   for I in Smalls'Range loop
      Smalls (I).Total (T);
      Smalls (I).Calls_Made (C);
      Put_Line ("small" & Integer'Image (I) & Integer'Image (T) &
                " calls" & Natural'Image (C));
      Sum := Sum + T;
      Calls := Calls + C;
   end loop;
   Put_Line ("discriminants" & Natural'Image (Big.Id) &
             Positive'Image (Tight.Limit) & Natural'Image (Heap.Id) &
             Positive'Image (Smalls (2).Limit));
   Put_Line ("sum" & Integer'Image (Sum) & " calls" & Natural'Image (Calls));
   if Sum = 1_330 + 2_050 + 3_060 + 2 * 9_025 and then Calls = 4 * 30 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
