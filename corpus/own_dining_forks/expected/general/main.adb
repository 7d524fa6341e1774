--  Dining philosophers with forks as server tasks and a butler (host)
--  that admits at most four philosophers at a time -- the Ada 83 textbook
--  solution (Barnes, "Programming in Ada"; Ben-Ari).  Philosophers are a
--  task type with discriminants; forks an array of tasks.

with Ada.Finalization;
with Ada.Exceptions;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   N     : constant := 5;
   Meals : constant := 30;

   subtype Seat is Positive range 1 .. N;

   type Fork;
   type Fork_Entry is (Fork_No_Entry, Fork_Pick_Up, Fork_Put_Down);
   type Fork_Alternative is record
      Id : Fork_Entry := Fork_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Fork_Alternative_List is array (Positive range <>) of Fork_Alternative;
   task type Fork_Agent (Self : not null access Fork) is
      --  rdv2po: general scheme agent of Fork
      entry Wake_1 (Positive range 1 .. 1);
   end Fork_Agent;
   --  rdv2po: task type Fork became this protected type; its code runs in
   --  Fork_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Fork is
      entry Pick_Up;
      entry Put_Down;
      --  rdv2po: the rendezvous protocol, for Fork_Agent
      entry Select_Arm
        (Order : Fork_Alternative_List;
         Chosen_Position : out Natural);
      entry Pick_Up_Held;
      procedure Pick_Up_Woken;
      procedure Pick_Up_Take;
      entry Put_Down_Accept_Begin;
      procedure Close;
   private
      entry Select_Wait
        (Order : Fork_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Fork_Alternative);
      function Queued (Alternative : Fork_Alternative) return Boolean;
      function Position_Of (Alternative : Fork_Alternative) return Natural;
      Armed_List : Fork_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Fork_Entry := Fork_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Pick_Up_Armed : Boolean := False;
      Agent : Fork_Agent (Self => Fork'Unchecked_Access);
   end Fork;

   protected body Fork is

      entry Pick_Up
        when Closed
          or else (Chosen = Fork_No_Entry
                   and then Pick_Up_Armed
                   and then Pick_Up_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Fork_Pick_Up, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Fork_Pick_Up, Index => 0));
         Pick_Up_Woken;
      end Pick_Up;

      entry Pick_Up_Held
        when Closed or else (Chosen = Fork_No_Entry and then Pick_Up_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Fork_Pick_Up, Index => 0));
         Pick_Up_Woken;
      end Pick_Up_Held;

      entry Put_Down
        when Closed
          or else (Chosen = Fork_No_Entry
                   and then Put_Down_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Fork_Put_Down;
      end Put_Down;

      entry Select_Arm
        (Order : Fork_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Fork_No_Entry then
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
        (Order : Fork_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Fork_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Pick_Up_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Fork_Alternative) is
      begin
         case Alternative.Id is
            when Fork_Pick_Up =>
               Pick_Up_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Fork_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Fork_Pick_Up =>
               return Fork.Pick_Up'Count + Pick_Up_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Fork_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Pick_Up_Take is
      begin
         Chosen := Fork_No_Entry;
      end Pick_Up_Take;

      procedure Pick_Up_Woken is
      begin
         Disarm;
         Chosen := Fork_Pick_Up;
      end Pick_Up_Woken;

      entry Put_Down_Accept_Begin
        when Chosen = Fork_Put_Down is
      begin
         Chosen := Fork_No_Entry;
      end Put_Down_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Fork;

   task body Fork_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Fork_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Fork_Closer);
      overriding procedure Finalize (Object : in out Fork_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Fork_Closer;
   begin
      loop
         declare
            Alternatives : constant Fork_Alternative_List :=
              (1 => (Fork_Pick_Up, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Self.Pick_Up_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Self.Pick_Up_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Self.Pick_Up_Take;
               when others =>
                  null;
            end case;
         end;
         Self.Put_Down_Accept_Begin;
      end loop;
   end Fork_Agent;

   Forks : array (Seat) of Fork;

   type Butler_Entry is
     (Butler_No_Entry,
      Butler_Enter,
      Butler_Leave,
      Butler_Report);
   type Butler_Alternative is record
      Id : Butler_Entry := Butler_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Butler_Alternative_List is array (Positive range <>) of Butler_Alternative;
   --  rdv2po: task Butler became this protected object; its code runs in the
   --  task Butler_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Butler is
      entry Enter;
      entry Leave;
      entry Report (Max_Seated, Admitted : out Natural);
      --  rdv2po: the rendezvous protocol, for Butler_Agent
      entry Select_Arm
        (Order : Butler_Alternative_List;
         Chosen_Position : out Natural);
      entry Enter_Held;
      procedure Enter_Woken;
      procedure Enter_Take;
      procedure Enter_Accept_End;
      procedure Enter_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Enter_Queue;
      function Enter_Count return Natural;
      entry Leave_Held;
      procedure Leave_Woken;
      procedure Leave_Take;
      procedure Leave_Accept_End;
      procedure Leave_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Leave_Queue;
      function Leave_Count return Natural;
      entry Report_Held (Max_Seated, Admitted : out Natural);
      procedure Report_Woken (Max_Seated : in Natural; Admitted : in Natural);
      procedure Report_Take (Max_Seated : out Natural; Admitted : out Natural);
      procedure Report_Accept_End
        (Max_Seated : in Natural;
         Admitted : in Natural);
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue (Max_Seated : out Natural; Admitted : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Butler_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Butler_Alternative);
      function Queued (Alternative : Butler_Alternative) return Boolean;
      function Position_Of (Alternative : Butler_Alternative) return Natural;
      Armed_List : Butler_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Butler_Entry := Butler_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Enter_Armed : Boolean := False;
      Enter_Done : Boolean := False;
      Enter_Raised : Boolean := False;
      Enter_Failure : Ada.Exceptions.Exception_Occurrence;
      Leave_Armed : Boolean := False;
      Leave_Done : Boolean := False;
      Leave_Raised : Boolean := False;
      Leave_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Max_Seated : Natural;
      Report_Admitted : Natural;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Butler;
   task Butler_Agent is
      --  rdv2po: general scheme agent of Butler
      entry Wake_1 (Positive range 1 .. 3);
      entry Wake_2 (Positive range 1 .. 3)
        (Value_1 : out Natural; Value_2 : out Natural);
   end Butler_Agent;

   protected body Butler is

      entry Enter
        when Closed
          or else (Chosen = Butler_No_Entry
                   and then Enter_Armed
                   and then Enter_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Butler_Agent.Wake_1
              (Position_Of ((Id => Butler_Enter, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Butler_Enter, Index => 0));
         Enter_Woken;
         requeue Enter_Queue;
      end Enter;

      entry Enter_Held
        when Closed or else (Chosen = Butler_No_Entry and then Enter_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Butler_Enter, Index => 0));
         Enter_Woken;
         requeue Enter_Queue;
      end Enter_Held;

      entry Leave
        when Closed
          or else (Chosen = Butler_No_Entry
                   and then Leave_Armed
                   and then Leave_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Butler_Agent.Wake_1
              (Position_Of ((Id => Butler_Leave, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Butler_Leave, Index => 0));
         Leave_Woken;
         requeue Leave_Queue;
      end Leave;

      entry Leave_Held
        when Closed or else (Chosen = Butler_No_Entry and then Leave_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Butler_Leave, Index => 0));
         Leave_Woken;
         requeue Leave_Queue;
      end Leave_Held;

      entry Report (Max_Seated, Admitted : out Natural)
        when Closed
          or else (Chosen = Butler_No_Entry
                   and then Report_Armed
                   and then Report_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Butler_Agent.Wake_2
              (Position_Of ((Id => Butler_Report, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Butler_Report, Index => 0));
         Report_Woken (Max_Seated, Admitted);
         requeue Report_Queue;
      end Report;

      entry Report_Held (Max_Seated, Admitted : out Natural)
        when Closed or else (Chosen = Butler_No_Entry and then Report_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Butler_Report, Index => 0));
         Report_Woken (Max_Seated, Admitted);
         requeue Report_Queue;
      end Report_Held;

      entry Select_Arm
        (Order : Butler_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Butler_No_Entry then
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
        (Order : Butler_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Butler_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Enter_Armed := False;
         Leave_Armed := False;
         Report_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Butler_Alternative) is
      begin
         case Alternative.Id is
            when Butler_Enter =>
               Enter_Armed := True;
            when Butler_Leave =>
               Leave_Armed := True;
            when Butler_Report =>
               Report_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Butler_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Butler_Enter =>
               return Butler.Enter'Count + Enter_Held'Count > 0;
            when Butler_Leave =>
               return Butler.Leave'Count + Leave_Held'Count > 0;
            when Butler_Report =>
               return Butler.Report'Count + Report_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Butler_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Enter_Take is
      begin
         Chosen := Butler_No_Entry;
      end Enter_Take;

      procedure Enter_Woken is
      begin
         Disarm;
         Chosen := Butler_Enter;
         Enter_Done := False;
      end Enter_Woken;

      procedure Enter_Accept_End is
      begin
         Enter_Done := True;
      end Enter_Accept_End;

      procedure Enter_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Enter_Failure, Occurrence);
         Enter_Raised := True;
         Enter_Done := True;
      end Enter_Failed;

      entry Enter_Queue
        when Enter_Done or else Closed is
      begin
         if not Enter_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Enter_Done := False;
         if Enter_Raised then
            Enter_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Enter_Failure);
         end if;
      end Enter_Queue;

      function Enter_Count return Natural is
      begin
         return Butler.Enter'Count + Enter_Held'Count;
      end Enter_Count;

      procedure Leave_Take is
      begin
         Chosen := Butler_No_Entry;
      end Leave_Take;

      procedure Leave_Woken is
      begin
         Disarm;
         Chosen := Butler_Leave;
         Leave_Done := False;
      end Leave_Woken;

      procedure Leave_Accept_End is
      begin
         Leave_Done := True;
      end Leave_Accept_End;

      procedure Leave_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Leave_Failure, Occurrence);
         Leave_Raised := True;
         Leave_Done := True;
      end Leave_Failed;

      entry Leave_Queue
        when Leave_Done or else Closed is
      begin
         if not Leave_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Leave_Done := False;
         if Leave_Raised then
            Leave_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Leave_Failure);
         end if;
      end Leave_Queue;

      function Leave_Count return Natural is
      begin
         return Butler.Leave'Count + Leave_Held'Count;
      end Leave_Count;

      procedure Report_Take
        (Max_Seated : out Natural;
         Admitted : out Natural) is
      begin
         Max_Seated := Report_Max_Seated;
         Admitted := Report_Admitted;
         Chosen := Butler_No_Entry;
      end Report_Take;

      procedure Report_Woken
        (Max_Seated : in Natural;
         Admitted : in Natural) is
      begin
         Disarm;
         Chosen := Butler_Report;
         Report_Max_Seated := Max_Seated;
         Report_Admitted := Admitted;
         Report_Done := False;
      end Report_Woken;

      procedure Report_Accept_End
        (Max_Seated : in Natural;
         Admitted : in Natural) is
      begin
         Report_Max_Seated := Max_Seated;
         Report_Admitted := Admitted;
         Report_Done := True;
      end Report_Accept_End;

      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
         Report_Raised := True;
         Report_Done := True;
      end Report_Failed;

      entry Report_Queue (Max_Seated : out Natural; Admitted : out Natural)
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
         Max_Seated := Report_Max_Seated;
         Admitted := Report_Admitted;
      end Report_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Butler;

   task body Butler_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Butler_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Butler_Closer);
      overriding procedure Finalize (Object : in out Butler_Closer) is
      begin
         Butler.Close;
      end Finalize;
      Closer : Butler_Closer;
      Seated   : Natural := 0;
      Max      : Natural := 0;
      Count    : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Butler_Alternative_List :=
              (1 => ((if Seated < N - 1 then Butler_Enter else Butler_No_Entry), 0),
               2 => (Butler_Leave, 0),
               3 => ((if Butler.Leave_Count = 0 and Butler.Enter_Count = 0 then Butler_Report else Butler_No_Entry), 0));
            Choice : Natural;
         begin
            Butler.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Butler.Enter_Woken;
                     requeue Butler.Enter_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Butler.Leave_Woken;
                     requeue Butler.Leave_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_2 (3)
                    (Value_1 : out Natural; Value_2 : out Natural) do
                     Butler.Report_Woken (Value_1, Value_2);
                     requeue Butler.Report_Queue;
                  end Wake_2;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Butler.Enter_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Butler.Leave_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (3)
                       (Value_1 : out Natural; Value_2 : out Natural) do
                        requeue Butler.Report_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Butler.Enter_Take;
                  begin
                     Seated := Seated + 1;
                     Count := Count + 1;
                     if Seated > Max then
                        Max := Seated;
                     end if;
                  exception
                     when Occurrence : others =>
                        Butler.Enter_Failed (Occurrence);
                        raise;
                  end;
                  Butler.Enter_Accept_End;
               when 2 =>
                  Butler.Leave_Take;
                  begin
                     Seated := Seated - 1;
                  exception
                     when Occurrence : others =>
                        Butler.Leave_Failed (Occurrence);
                        raise;
                  end;
                  Butler.Leave_Accept_End;
               when 3 =>
                  declare
                     Max_Seated : Natural;
                     Admitted : Natural;
                  begin
                     Butler.Report_Take (Max_Seated, Admitted);
                     begin
                        Max_Seated := Max;
                        Admitted := Count;
                     exception
                        when Occurrence : others =>
                           Butler.Report_Failed (Occurrence);
                           raise;
                     end;
                     Butler.Report_Accept_End (Max_Seated, Admitted);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Butler_Agent;

   type Meal_Counts is array (Seat) of Natural;

   protected Plates is
      procedure Eat (Who : Seat);
      function Eaten (Who : Seat) return Natural;
   private
      Count : Meal_Counts := (others => 0);
   end Plates;

   protected body Plates is
      procedure Eat (Who : Seat) is
      begin
         Count (Who) := Count (Who) + 1;
      end Eat;
      function Eaten (Who : Seat) return Natural is (Count (Who));
   end Plates;

   Max_Seated, Admitted : Natural;
begin
   declare
      task type Philosopher (Me : Seat);
      task body Philosopher is
         Left  : constant Seat := Me;
         Right : constant Seat := Me mod N + 1;
      begin
         for M in 1 .. Meals loop
            Butler.Enter;
            Forks (Left).Pick_Up;
            Forks (Right).Pick_Up;
            Plates.Eat (Me);
            Forks (Right).Put_Down;
            Forks (Left).Put_Down;
            Butler.Leave;
         end loop;
      end Philosopher;

      P1 : Philosopher (1);
      P2 : Philosopher (2);
      P3 : Philosopher (3);
      P4 : Philosopher (4);
      P5 : Philosopher (5);
   begin
      null;
   end;
   Butler.Report (Max_Seated, Admitted);
   for S in Seat loop
      Put_Line ("philosopher" & Seat'Image (S) & " ate" &
                Natural'Image (Plates.Eaten (S)) & " meals");
   end loop;
   Put_Line ("admitted" & Natural'Image (Admitted) & ", at most four seated: " &
             Boolean'Image (Max_Seated <= N - 1));
end Main;
