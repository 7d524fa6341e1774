--  Accepts in if statements that the server scheme cannot make one sync
--  point: without an else the task goes on past the if without waiting
--  (Poller counts the passes where it did not wait); a branch that runs a
--  statement before its accept (Stepper) changes what the condition read
--  before the task waits.  Both are refused, each with its reason.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Poller_Entry is (Poller_No_Entry, Poller_Ping, Poller_Passes);
   type Poller_Alternative is record
      Id : Poller_Entry := Poller_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Poller_Alternative_List is array (Positive range <>) of Poller_Alternative;
   --  rdv2po: task Poller became this protected object; its code runs in the
   --  task Poller_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Poller is
      entry Ping;
      entry Passes (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Poller_Agent
      entry Select_Arm
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural);
      entry Ping_Held;
      procedure Ping_Woken;
      procedure Ping_Take;
      entry Passes_Held (N : out Natural);
      procedure Passes_Woken (N : in Natural);
      procedure Passes_Take (N : out Natural);
      procedure Passes_Accept_End (N : in Natural);
      procedure Passes_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Passes_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Poller_Alternative);
      function Queued (Alternative : Poller_Alternative) return Boolean;
      function Position_Of (Alternative : Poller_Alternative) return Natural;
      Armed_List : Poller_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Poller_Entry := Poller_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Ping_Armed : Boolean := False;
      Passes_Armed : Boolean := False;
      Passes_N : Natural;
      Passes_Done : Boolean := False;
      Passes_Raised : Boolean := False;
      Passes_Failure : Ada.Exceptions.Exception_Occurrence;
   end Poller;
   task Poller_Agent is
      --  rdv2po: general scheme agent of Poller
      entry Wake_1 (Positive range 1 .. 2);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Poller_Agent;
   protected body Poller is

      entry Ping
        when Closed
          or else (Chosen = Poller_No_Entry
                   and then Ping_Armed
                   and then Ping_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Poller_Agent.Wake_1
              (Position_Of ((Id => Poller_Ping, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Poller_Ping, Index => 0));
         Ping_Woken;
      end Ping;

      entry Ping_Held
        when Closed or else (Chosen = Poller_No_Entry and then Ping_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Poller_Ping, Index => 0));
         Ping_Woken;
      end Ping_Held;

      entry Passes (N : out Natural)
        when Closed
          or else (Chosen = Poller_No_Entry
                   and then Passes_Armed
                   and then Passes_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Poller_Agent.Wake_2
              (Position_Of ((Id => Poller_Passes, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Poller_Passes, Index => 0));
         Passes_Woken (N);
         requeue Passes_Queue;
      end Passes;

      entry Passes_Held (N : out Natural)
        when Closed or else (Chosen = Poller_No_Entry and then Passes_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Poller_Passes, Index => 0));
         Passes_Woken (N);
         requeue Passes_Queue;
      end Passes_Held;

      entry Select_Arm
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Poller_No_Entry then
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
        (Order : Poller_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Poller_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Ping_Armed := False;
         Passes_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Poller_Alternative) is
      begin
         case Alternative.Id is
            when Poller_Ping =>
               Ping_Armed := True;
            when Poller_Passes =>
               Passes_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Poller_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Poller_Ping =>
               return Poller.Ping'Count + Ping_Held'Count > 0;
            when Poller_Passes =>
               return Poller.Passes'Count + Passes_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Poller_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Ping_Take is
      begin
         Chosen := Poller_No_Entry;
      end Ping_Take;

      procedure Ping_Woken is
      begin
         Disarm;
         Chosen := Poller_Ping;
      end Ping_Woken;

      procedure Passes_Take (N : out Natural) is
      begin
         N := Passes_N;
         Chosen := Poller_No_Entry;
      end Passes_Take;

      procedure Passes_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Poller_Passes;
         Passes_N := N;
         Passes_Done := False;
      end Passes_Woken;

      procedure Passes_Accept_End (N : in Natural) is
      begin
         Passes_N := N;
         Passes_Done := True;
      end Passes_Accept_End;

      procedure Passes_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Passes_Failure, Occurrence);
         Passes_Raised := True;
         Passes_Done := True;
      end Passes_Failed;

      entry Passes_Queue (N : out Natural)
        when Passes_Done or else Closed is
      begin
         if not Passes_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Passes_Done := False;
         if Passes_Raised then
            Passes_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Passes_Failure);
         end if;
         N := Passes_N;
      end Passes_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Poller;

   task body Poller_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Poller_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Poller_Closer);
      overriding procedure Finalize (Object : in out Poller_Closer) is
      begin
         Poller.Close;
      end Finalize;
      Closer : Poller_Closer;
      Armed : Boolean := False;
      Idle : Natural := 0;
   begin
      loop
         if Armed then
            declare
               Alternatives : constant Poller_Alternative_List :=
                 (1 => (Poller_Ping, 0),
                  2 => (Poller_Passes, 0));
               Choice : Natural;
            begin
               Poller.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) do
                        Poller.Ping_Woken;
                     end Wake_1;
                     Choice := 1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        Poller.Passes_Woken (Value_1);
                        requeue Poller.Passes_Queue;
                     end Wake_2;
                     Choice := 2;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) do
                           requeue Poller.Ping_Held with abort;
                        end Wake_1;
                     or
                        accept Wake_2 (2) (Value_1 : out Natural) do
                           requeue Poller.Passes_Held with abort;
                        end Wake_2;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     Poller.Ping_Take;
                  when 2 =>
                     declare
                        N : Natural;
                     begin
                        Poller.Passes_Take (N);
                        begin
                           N := Idle;
                        exception
                           when Occurrence : others =>
                              Poller.Passes_Failed (Occurrence);
                              raise;
                        end;
                        Poller.Passes_Accept_End (N);
                     end;
                  when others =>
                     null;
               end case;
            end;
         end if;
         if not Armed then
            Idle := Idle + 1;
            Armed := Idle >= 3;
         end if;
      end loop;
   end Poller_Agent;

   type Stepper_Entry is (Stepper_No_Entry, Stepper_Step);
   type Stepper_Alternative is record
      Id : Stepper_Entry := Stepper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Stepper_Alternative_List is array (Positive range <>) of Stepper_Alternative;
   --  rdv2po: task Stepper became this protected object; its code runs in the
   --  task Stepper_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Stepper is
      entry Step (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Stepper_Agent
      entry Select_Arm
        (Order : Stepper_Alternative_List;
         Chosen_Position : out Natural);
      entry Step_Held (N : out Natural);
      procedure Step_Woken (N : in Natural);
      procedure Step_Take (N : out Natural);
      procedure Step_Accept_End (N : in Natural);
      procedure Step_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Step_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Stepper_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Stepper_Alternative);
      function Queued (Alternative : Stepper_Alternative) return Boolean;
      function Position_Of (Alternative : Stepper_Alternative) return Natural;
      Armed_List : Stepper_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Stepper_Entry := Stepper_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Step_Armed : Boolean := False;
      Step_N : Natural;
      Step_Done : Boolean := False;
      Step_Raised : Boolean := False;
      Step_Failure : Ada.Exceptions.Exception_Occurrence;
   end Stepper;
   task Stepper_Agent is
      --  rdv2po: general scheme agent of Stepper
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : out Natural);
   end Stepper_Agent;
   protected body Stepper is

      entry Step (N : out Natural)
        when Closed
          or else (Chosen = Stepper_No_Entry
                   and then Step_Armed
                   and then Step_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Stepper_Agent.Wake_1
              (Position_Of ((Id => Stepper_Step, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Stepper_Step, Index => 0));
         Step_Woken (N);
         requeue Step_Queue;
      end Step;

      entry Step_Held (N : out Natural)
        when Closed or else (Chosen = Stepper_No_Entry and then Step_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Stepper_Step, Index => 0));
         Step_Woken (N);
         requeue Step_Queue;
      end Step_Held;

      entry Select_Arm
        (Order : Stepper_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Stepper_No_Entry then
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
        (Order : Stepper_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Stepper_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Step_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Stepper_Alternative) is
      begin
         case Alternative.Id is
            when Stepper_Step =>
               Step_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Stepper_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Stepper_Step =>
               return Stepper.Step'Count + Step_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Stepper_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Step_Take (N : out Natural) is
      begin
         N := Step_N;
         Chosen := Stepper_No_Entry;
      end Step_Take;

      procedure Step_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Stepper_Step;
         Step_N := N;
         Step_Done := False;
      end Step_Woken;

      procedure Step_Accept_End (N : in Natural) is
      begin
         Step_N := N;
         Step_Done := True;
      end Step_Accept_End;

      procedure Step_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Step_Failure, Occurrence);
         Step_Raised := True;
         Step_Done := True;
      end Step_Failed;

      entry Step_Queue (N : out Natural)
        when Step_Done or else Closed is
      begin
         if not Step_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Step_Done := False;
         if Step_Raised then
            Step_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Step_Failure);
         end if;
         N := Step_N;
      end Step_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Stepper;

   task body Stepper_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Stepper_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Stepper_Closer);
      overriding procedure Finalize (Object : in out Stepper_Closer) is
      begin
         Stepper.Close;
      end Finalize;
      Closer : Stepper_Closer;
      Count : Natural := 0;
   begin
      loop
         if Count < 2 then
            Count := Count + 1;
            declare
               Alternatives : constant Stepper_Alternative_List :=
                 (1 => (Stepper_Step, 0));
               Choice : Natural;
            begin
               Stepper.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : out Natural) do
                        Stepper.Step_Woken (Value_1);
                        requeue Stepper.Step_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : out Natural) do
                           requeue Stepper.Step_Held with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        N : Natural;
                     begin
                        Stepper.Step_Take (N);
                        begin
                           N := Count;
                        exception
                           when Occurrence : others =>
                              Stepper.Step_Failed (Occurrence);
                              raise;
                        end;
                        Stepper.Step_Accept_End (N);
                     end;
                  when others =>
                     null;
               end case;
            end;
         else
            declare
               Alternatives : constant Stepper_Alternative_List :=
                 (1 => (Stepper_Step, 0));
               Choice : Natural;
            begin
               Stepper.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : out Natural) do
                        Stepper.Step_Woken (Value_1);
                        requeue Stepper.Step_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : out Natural) do
                           requeue Stepper.Step_Held with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        N : Natural;
                     begin
                        Stepper.Step_Take (N);
                        begin
                           N := 100 + Count;
                        exception
                           when Occurrence : others =>
                              Stepper.Step_Failed (Occurrence);
                              raise;
                        end;
                        Stepper.Step_Accept_End (N);
                     end;
                     Count := 0;
                  when others =>
                     null;
               end case;
            end;
         end if;
      end loop;
   end Stepper_Agent;

   N : Natural;
begin
   Poller.Ping;
   Poller.Passes (N);
   Put_Line ("passes without waiting:" & Natural'Image (N));
   for I in 1 .. 4 loop
      Stepper.Step (N);
      Put_Line ("step" & Natural'Image (N));
   end loop;
   Put_Line ("PASSED");
end Main;
