with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Limit : Natural := 2;

   --  Its guard's function reads Limit, a variable outside the task.
   type Gate_Entry is (Gate_No_Entry, Gate_Pass, Gate_Count);
   type Gate_Alternative is record
      Id : Gate_Entry := Gate_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Gate_Alternative_List is array (Positive range <>) of Gate_Alternative;
   --  rdv2po: task Gate became this protected object; its code runs in the
   --  task Gate_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Gate is
      entry Pass;
      entry Count (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Gate_Agent
      entry Select_Arm
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural);
      entry Pass_Held;
      procedure Pass_Woken;
      procedure Pass_Take;
      procedure Pass_Accept_End;
      procedure Pass_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Pass_Queue;
      entry Count_Held (N : out Natural);
      procedure Count_Woken (N : in Natural);
      procedure Count_Take (N : out Natural);
      procedure Count_Accept_End (N : in Natural);
      procedure Count_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Count_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Gate_Alternative);
      function Queued (Alternative : Gate_Alternative) return Boolean;
      function Position_Of (Alternative : Gate_Alternative) return Natural;
      Armed_List : Gate_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Gate_Entry := Gate_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Pass_Armed : Boolean := False;
      Pass_Done : Boolean := False;
      Pass_Raised : Boolean := False;
      Pass_Failure : Ada.Exceptions.Exception_Occurrence;
      Count_Armed : Boolean := False;
      Count_N : Natural;
      Count_Done : Boolean := False;
      Count_Raised : Boolean := False;
      Count_Failure : Ada.Exceptions.Exception_Occurrence;
   end Gate;
   task Gate_Agent is
      --  rdv2po: general scheme agent of Gate
      entry Wake_1 (Positive range 1 .. 2);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Gate_Agent;

   protected body Gate is

      entry Pass
        when Closed
          or else (Chosen = Gate_No_Entry
                   and then Pass_Armed
                   and then Pass_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Gate_Agent.Wake_1
              (Position_Of ((Id => Gate_Pass, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Gate_Pass, Index => 0));
         Pass_Woken;
         requeue Pass_Queue;
      end Pass;

      entry Pass_Held
        when Closed or else (Chosen = Gate_No_Entry and then Pass_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gate_Pass, Index => 0));
         Pass_Woken;
         requeue Pass_Queue;
      end Pass_Held;

      entry Count (N : out Natural)
        when Closed
          or else (Chosen = Gate_No_Entry
                   and then Count_Armed
                   and then Count_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Gate_Agent.Wake_2
              (Position_Of ((Id => Gate_Count, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Gate_Count, Index => 0));
         Count_Woken (N);
         requeue Count_Queue;
      end Count;

      entry Count_Held (N : out Natural)
        when Closed or else (Chosen = Gate_No_Entry and then Count_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gate_Count, Index => 0));
         Count_Woken (N);
         requeue Count_Queue;
      end Count_Held;

      entry Select_Arm
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Gate_No_Entry then
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
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Gate_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Pass_Armed := False;
         Count_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Gate_Alternative) is
      begin
         case Alternative.Id is
            when Gate_Pass =>
               Pass_Armed := True;
            when Gate_Count =>
               Count_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Gate_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Gate_Pass =>
               return Gate.Pass'Count + Pass_Held'Count > 0;
            when Gate_Count =>
               return Gate.Count'Count + Count_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Gate_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Pass_Take is
      begin
         Chosen := Gate_No_Entry;
      end Pass_Take;

      procedure Pass_Woken is
      begin
         Disarm;
         Chosen := Gate_Pass;
         Pass_Done := False;
      end Pass_Woken;

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

      entry Pass_Queue
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

      procedure Count_Take (N : out Natural) is
      begin
         N := Count_N;
         Chosen := Gate_No_Entry;
      end Count_Take;

      procedure Count_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Gate_Count;
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
   end Gate;

   task body Gate_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Gate_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Gate_Closer);
      overriding procedure Finalize (Object : in out Gate_Closer) is
      begin
         Gate.Close;
      end Finalize;
      Closer : Gate_Closer;
      Passed : Natural := 0;
      function Open return Boolean is (Passed < Limit);
   begin
      loop
         declare
            Alternatives : constant Gate_Alternative_List :=
              (1 => ((if Open then Gate_Pass else Gate_No_Entry), 0),
               2 => (Gate_Count, 0));
            Choice : Natural;
         begin
            Gate.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Gate.Pass_Woken;
                     requeue Gate.Pass_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Natural) do
                     Gate.Count_Woken (Value_1);
                     requeue Gate.Count_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Gate.Pass_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        requeue Gate.Count_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Gate.Pass_Take;
                  begin
                     Passed := Passed + 1;
                  exception
                     when Occurrence : others =>
                        Gate.Pass_Failed (Occurrence);
                        raise;
                  end;
                  Gate.Pass_Accept_End;
               when 2 =>
                  declare
                     N : Natural;
                  begin
                     Gate.Count_Take (N);
                     begin
                        N := Passed;
                     exception
                        when Occurrence : others =>
                           Gate.Count_Failed (Occurrence);
                           raise;
                     end;
                     Gate.Count_Accept_End (N);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Gate_Agent;

   --  Its guard's function takes a parameter.
   type Meter_Entry is (Meter_No_Entry, Meter_Add, Meter_Total);
   type Meter_Alternative is record
      Id : Meter_Entry := Meter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Meter_Alternative_List is array (Positive range <>) of Meter_Alternative;
   --  rdv2po: task Meter became this protected object; its code runs in the
   --  task Meter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Meter is
      entry Add;
      entry Total (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Meter_Agent
      entry Select_Arm
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held;
      procedure Add_Woken;
      procedure Add_Take;
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue;
      entry Total_Held (N : out Natural);
      procedure Total_Woken (N : in Natural);
      procedure Total_Take (N : out Natural);
      procedure Total_Accept_End (N : in Natural);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Meter_Alternative);
      function Queued (Alternative : Meter_Alternative) return Boolean;
      function Position_Of (Alternative : Meter_Alternative) return Natural;
      Armed_List : Meter_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Meter_Entry := Meter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_N : Natural;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
   end Meter;
   task Meter_Agent is
      --  rdv2po: general scheme agent of Meter
      entry Wake_1 (Positive range 1 .. 2);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Meter_Agent;

   protected body Meter is

      entry Add
        when Closed
          or else (Chosen = Meter_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Meter_Agent.Wake_1
              (Position_Of ((Id => Meter_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Meter_Add, Index => 0));
         Add_Woken;
         requeue Add_Queue;
      end Add;

      entry Add_Held
        when Closed or else (Chosen = Meter_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Add, Index => 0));
         Add_Woken;
         requeue Add_Queue;
      end Add_Held;

      entry Total (N : out Natural)
        when Closed
          or else (Chosen = Meter_No_Entry
                   and then Total_Armed
                   and then Total_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Meter_Agent.Wake_2
              (Position_Of ((Id => Meter_Total, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Meter_Total, Index => 0));
         Total_Woken (N);
         requeue Total_Queue;
      end Total;

      entry Total_Held (N : out Natural)
        when Closed or else (Chosen = Meter_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Total, Index => 0));
         Total_Woken (N);
         requeue Total_Queue;
      end Total_Held;

      entry Select_Arm
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Meter_No_Entry then
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
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Meter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Total_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Meter_Alternative) is
      begin
         case Alternative.Id is
            when Meter_Add =>
               Add_Armed := True;
            when Meter_Total =>
               Total_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Meter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Meter_Add =>
               return Meter.Add'Count + Add_Held'Count > 0;
            when Meter_Total =>
               return Meter.Total'Count + Total_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Meter_Alternative) return Natural is
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
         Chosen := Meter_No_Entry;
      end Add_Take;

      procedure Add_Woken is
      begin
         Disarm;
         Chosen := Meter_Add;
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

      procedure Total_Take (N : out Natural) is
      begin
         N := Total_N;
         Chosen := Meter_No_Entry;
      end Total_Take;

      procedure Total_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Meter_Total;
         Total_N := N;
         Total_Done := False;
      end Total_Woken;

      procedure Total_Accept_End (N : in Natural) is
      begin
         Total_N := N;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (N : out Natural)
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
         N := Total_N;
      end Total_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Meter;

   task body Meter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Meter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Meter_Closer);
      overriding procedure Finalize (Object : in out Meter_Closer) is
      begin
         Meter.Close;
      end Finalize;
      Closer : Meter_Closer;
      Sum : Natural range 0 .. 5 := 0;
      function Below (Bound : Natural) return Boolean is (Sum < Bound);
   begin
      loop
         declare
            Alternatives : constant Meter_Alternative_List :=
              (1 => ((if Below (5) then Meter_Add else Meter_No_Entry), 0),
               2 => (Meter_Total, 0));
            Choice : Natural;
         begin
            Meter.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Meter.Add_Woken;
                     requeue Meter.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Natural) do
                     Meter.Total_Woken (Value_1);
                     requeue Meter.Total_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Meter.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        requeue Meter.Total_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Meter.Add_Take;
                  begin
                     Sum := Sum + 1;
                  exception
                     when Occurrence : others =>
                        Meter.Add_Failed (Occurrence);
                        raise;
                  end;
                  Meter.Add_Accept_End;
               when 2 =>
                  declare
                     N : Natural;
                  begin
                     Meter.Total_Take (N);
                     begin
                        N := Sum;
                     exception
                        when Occurrence : others =>
                           Meter.Total_Failed (Occurrence);
                           raise;
                     end;
                     Meter.Total_Accept_End (N);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Meter_Agent;

   --  Its guard's function indexes an array: the index may lie outside it.
   type Shelf_Entry is (Shelf_No_Entry, Shelf_Put, Shelf_Take);
   type Shelf_Alternative is record
      Id : Shelf_Entry := Shelf_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Shelf_Alternative_List is array (Positive range <>) of Shelf_Alternative;
   --  rdv2po: task Shelf became this protected object; its code runs in the
   --  task Shelf_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Shelf is
      entry Put (V : Integer);
      entry Take (V : out Integer);
      --  rdv2po: the rendezvous protocol, for Shelf_Agent
      entry Select_Arm
        (Order : Shelf_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (V : Integer);
      procedure Put_Woken (V : in Integer);
      procedure Put_Take (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      entry Take_Held (V : out Integer);
      procedure Take_Woken (V : in Integer);
      procedure Take_Take (V : out Integer);
      procedure Take_Accept_End (V : in Integer);
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (V : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Shelf_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Shelf_Alternative);
      function Queued (Alternative : Shelf_Alternative) return Boolean;
      function Position_Of (Alternative : Shelf_Alternative) return Natural;
      Armed_List : Shelf_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Shelf_Entry := Shelf_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Take_Armed : Boolean := False;
      Take_V : Integer;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
   end Shelf;
   task Shelf_Agent is
      --  rdv2po: general scheme agent of Shelf
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Shelf_Agent;

   protected body Shelf is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Shelf_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Shelf_Agent.Wake_1
              (Position_Of ((Id => Shelf_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Shelf_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Shelf_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Shelf_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

      entry Take (V : out Integer)
        when Closed
          or else (Chosen = Shelf_No_Entry
                   and then Take_Armed
                   and then Take_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Shelf_Agent.Wake_2
              (Position_Of ((Id => Shelf_Take, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Shelf_Take, Index => 0));
         Take_Woken (V);
         requeue Take_Queue;
      end Take;

      entry Take_Held (V : out Integer)
        when Closed or else (Chosen = Shelf_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Shelf_Take, Index => 0));
         Take_Woken (V);
         requeue Take_Queue;
      end Take_Held;

      entry Select_Arm
        (Order : Shelf_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Shelf_No_Entry then
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
        (Order : Shelf_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Shelf_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Take_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Shelf_Alternative) is
      begin
         case Alternative.Id is
            when Shelf_Put =>
               Put_Armed := True;
            when Shelf_Take =>
               Take_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Shelf_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Shelf_Put =>
               return Shelf.Put'Count + Put_Held'Count > 0;
            when Shelf_Take =>
               return Shelf.Take'Count + Take_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Shelf_Alternative) return Natural is
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
         Chosen := Shelf_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Shelf_Put;
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

      procedure Take_Take (V : out Integer) is
      begin
         V := Take_V;
         Chosen := Shelf_No_Entry;
      end Take_Take;

      procedure Take_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Shelf_Take;
         Take_V := V;
         Take_Done := False;
      end Take_Woken;

      procedure Take_Accept_End (V : in Integer) is
      begin
         Take_V := V;
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (V : out Integer)
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
         V := Take_V;
      end Take_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Shelf;

   task body Shelf_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Shelf_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Shelf_Closer);
      overriding procedure Finalize (Object : in out Shelf_Closer) is
      begin
         Shelf.Close;
      end Finalize;
      Closer : Shelf_Closer;
      Items : array (1 .. 4) of Integer := (others => 0);
      Top   : Natural range 0 .. 4 := 0;
      function Top_Set return Boolean is (Items (Top) /= 0);
   begin
      loop
         declare
            Alternatives : constant Shelf_Alternative_List :=
              (1 => (Shelf_Put, 0),
               2 => ((if Top > 0 and then Top_Set then Shelf_Take else Shelf_No_Entry), 0));
            Choice : Natural;
         begin
            Shelf.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Shelf.Put_Woken (Value_1);
                     requeue Shelf.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Shelf.Take_Woken (Value_1);
                     requeue Shelf.Take_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Shelf.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Shelf.Take_Held with abort;
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
                     Shelf.Put_Take (V);
                     begin
                        Top := Top + 1;
                        Items (Top) := V;
                     exception
                        when Occurrence : others =>
                           Shelf.Put_Failed (Occurrence);
                           raise;
                     end;
                     Shelf.Put_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Shelf.Take_Take (V);
                     begin
                        V := Items (Top);
                        Top := Top - 1;
                     exception
                        when Occurrence : others =>
                           Shelf.Take_Failed (Occurrence);
                           raise;
                     end;
                     Shelf.Take_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Shelf_Agent;

   N : Natural;
   V : Integer;
begin
   Gate.Pass;
   Gate.Pass;
   Gate.Count (N);
   Put_Line ("gate" & N'Image);
   for I in 1 .. 3 loop
      Meter.Add;
   end loop;
   Meter.Total (N);
   Put_Line ("meter" & N'Image);
   Shelf.Put (7);
   Shelf.Take (V);
   Put_Line ("shelf" & V'Image);
   Put_Line ("PASSED");
end Main;
