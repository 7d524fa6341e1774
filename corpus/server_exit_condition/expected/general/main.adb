--  Servers leaving their loop by an exit with a condition, after an accept.
--  Keeper's condition reads its own variable, set in the accept body: the
--  task and the protected object test it at the same point of the same
--  call.  Watcher's condition reads an Atomic flag that other tasks set
--  when they like: the task tested it with its caller released, so a flag
--  set by that caller once its call returned could still be seen; the
--  object (or the caller running the task's code) would test it inside the
--  call, before the caller's next step.  Main sets the flag before the call
--  whose test reads it, so the program's output is the same in every schedule.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Closing : Boolean := False with Atomic;

   type Keeper_Entry is
     (Keeper_No_Entry,
      Keeper_Add,
      Keeper_Close,
      Keeper_Total);
   type Keeper_Alternative is record
      Id : Keeper_Entry := Keeper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Keeper_Alternative_List is array (Positive range <>) of Keeper_Alternative;
   --  rdv2po: task Keeper became this protected object; its code runs in the
   --  task Keeper_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Keeper is
      entry Add (N : Integer);
      entry Close (Last : Boolean);
      entry Total (Sum : out Integer);
      --  rdv2po: the rendezvous protocol, for Keeper_Agent
      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (N : Integer);
      procedure Add_Woken (N : in Integer);
      procedure Add_Take (N : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (N : in Integer);
      entry Close_Held (Last : Boolean);
      procedure Close_Woken (Last : in Boolean);
      procedure Close_Take (Last : out Boolean);
      procedure Close_Accept_End;
      procedure Close_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Close_Queue (Last : in Boolean);
      entry Total_Held (Sum : out Integer);
      procedure Total_Woken (Sum : in Integer);
      procedure Total_Take (Sum : out Integer);
      procedure Total_Accept_End (Sum : in Integer);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (Sum : out Integer);
      procedure Close_2;
   private
      entry Select_Wait
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Keeper_Alternative);
      function Queued (Alternative : Keeper_Alternative) return Boolean;
      function Position_Of (Alternative : Keeper_Alternative) return Natural;
      Armed_List : Keeper_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Keeper_Entry := Keeper_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_N : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Close_Armed : Boolean := False;
      Close_Last : Boolean;
      Close_Done : Boolean := False;
      Close_Raised : Boolean := False;
      Close_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_Sum : Integer;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
   end Keeper;
   task Keeper_Agent is
      --  rdv2po: general scheme agent of Keeper
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : in Boolean);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : out Integer);
   end Keeper_Agent;

   protected body Keeper is

      entry Add (N : Integer)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_1
              (Position_Of ((Id => Keeper_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add;

      entry Add_Held (N : Integer)
        when Closed or else (Chosen = Keeper_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add_Held;

      entry Close (Last : Boolean)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Close_Armed
                   and then Close_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_2
              (Position_Of ((Id => Keeper_Close, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Close, Index => 0));
         Close_Woken (Last);
         requeue Close_Queue;
      end Close;

      entry Close_Held (Last : Boolean)
        when Closed or else (Chosen = Keeper_No_Entry and then Close_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Close, Index => 0));
         Close_Woken (Last);
         requeue Close_Queue;
      end Close_Held;

      entry Total (Sum : out Integer)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Total_Armed
                   and then Total_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_3
              (Position_Of ((Id => Keeper_Total, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Total, Index => 0));
         Total_Woken (Sum);
         requeue Total_Queue;
      end Total;

      entry Total_Held (Sum : out Integer)
        when Closed or else (Chosen = Keeper_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Total, Index => 0));
         Total_Woken (Sum);
         requeue Total_Queue;
      end Total_Held;

      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Keeper_No_Entry then
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
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Keeper_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Close_Armed := False;
         Total_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Keeper_Alternative) is
      begin
         case Alternative.Id is
            when Keeper_Add =>
               Add_Armed := True;
            when Keeper_Close =>
               Close_Armed := True;
            when Keeper_Total =>
               Total_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Keeper_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Keeper_Add =>
               return Keeper.Add'Count + Add_Held'Count > 0;
            when Keeper_Close =>
               return Keeper.Close'Count + Close_Held'Count > 0;
            when Keeper_Total =>
               return Keeper.Total'Count + Total_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Keeper_Alternative) return Natural is
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
         Chosen := Keeper_No_Entry;
      end Add_Take;

      procedure Add_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Keeper_Add;
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

      procedure Close_Take (Last : out Boolean) is
      begin
         Last := Close_Last;
         Chosen := Keeper_No_Entry;
      end Close_Take;

      procedure Close_Woken (Last : in Boolean) is
      begin
         Disarm;
         Chosen := Keeper_Close;
         Close_Last := Last;
         Close_Done := False;
      end Close_Woken;

      procedure Close_Accept_End is
      begin
         Close_Done := True;
      end Close_Accept_End;

      procedure Close_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Close_Failure, Occurrence);
         Close_Raised := True;
         Close_Done := True;
      end Close_Failed;

      entry Close_Queue (Last : in Boolean)
        when Close_Done or else Closed is
      begin
         if not Close_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Close_Done := False;
         if Close_Raised then
            Close_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Close_Failure);
         end if;
      end Close_Queue;

      procedure Total_Take (Sum : out Integer) is
      begin
         Sum := Total_Sum;
         Chosen := Keeper_No_Entry;
      end Total_Take;

      procedure Total_Woken (Sum : in Integer) is
      begin
         Disarm;
         Chosen := Keeper_Total;
         Total_Sum := Sum;
         Total_Done := False;
      end Total_Woken;

      procedure Total_Accept_End (Sum : in Integer) is
      begin
         Total_Sum := Sum;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (Sum : out Integer)
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
         Sum := Total_Sum;
      end Total_Queue;

      procedure Close_2 is
      begin
         Closed := True;
      end Close_2;
   end Keeper;

   task body Keeper_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Keeper_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Keeper_Closer);
      overriding procedure Finalize (Object : in out Keeper_Closer) is
      begin
         Keeper.Close_2;
      end Finalize;
      Closer : Keeper_Closer;
      Sum : Integer := 0;
      Done : Boolean := False;
   begin
      loop
         declare
            Alternatives : constant Keeper_Alternative_List :=
              (1 => (Keeper_Add, 0),
               2 => (Keeper_Close, 0),
               3 => (Keeper_Total, 0));
            Choice : Natural;
         begin
            Keeper.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Keeper.Add_Woken (Value_1);
                     requeue Keeper.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : in Boolean) do
                     Keeper.Close_Woken (Value_1);
                     requeue Keeper.Close_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : out Integer) do
                     Keeper.Total_Woken (Value_1);
                     requeue Keeper.Total_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Keeper.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : in Boolean) do
                        requeue Keeper.Close_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : out Integer) do
                        requeue Keeper.Total_Held with abort;
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
                     Keeper.Add_Take (N);
                     begin
                        Sum := Sum + N;
                     exception
                        when Occurrence : others =>
                           Keeper.Add_Failed (Occurrence);
                           raise;
                     end;
                     Keeper.Add_Accept_End;
                  end;
               when 2 =>
                  declare
                     Last : Boolean;
                  begin
                     Keeper.Close_Take (Last);
                     begin
                        Done := Last;
                     exception
                        when Occurrence : others =>
                           Keeper.Close_Failed (Occurrence);
                           raise;
                     end;
                     Keeper.Close_Accept_End;
                  end;
                  exit when Done;
               when 3 =>
                  declare
                     Sum : Integer;
                  begin
                     Keeper.Total_Take (Sum);
                     begin
                        Sum := Keeper_Agent.Sum;
                     exception
                        when Occurrence : others =>
                           Keeper.Total_Failed (Occurrence);
                           raise;
                     end;
                     Keeper.Total_Accept_End (Sum);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Keeper_Agent;

   type Watcher_Entry is (Watcher_No_Entry, Watcher_Tick, Watcher_Check);
   type Watcher_Alternative is record
      Id : Watcher_Entry := Watcher_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Watcher_Alternative_List is array (Positive range <>) of Watcher_Alternative;
   --  rdv2po: task Watcher became this protected object; its code runs in the
   --  task Watcher_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Watcher is
      entry Tick;
      entry Check;
      --  rdv2po: the rendezvous protocol, for Watcher_Agent
      entry Select_Arm
        (Order : Watcher_Alternative_List;
         Chosen_Position : out Natural);
      entry Tick_Held;
      procedure Tick_Woken;
      procedure Tick_Take;
      procedure Tick_Accept_End;
      procedure Tick_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Tick_Queue;
      entry Check_Held;
      procedure Check_Woken;
      procedure Check_Take;
      procedure Close_2;
   private
      entry Select_Wait
        (Order : Watcher_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Watcher_Alternative);
      function Queued (Alternative : Watcher_Alternative) return Boolean;
      function Position_Of (Alternative : Watcher_Alternative) return Natural;
      Armed_List : Watcher_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Watcher_Entry := Watcher_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Tick_Armed : Boolean := False;
      Tick_Done : Boolean := False;
      Tick_Raised : Boolean := False;
      Tick_Failure : Ada.Exceptions.Exception_Occurrence;
      Check_Armed : Boolean := False;
   end Watcher;
   task Watcher_Agent is
      --  rdv2po: general scheme agent of Watcher
      entry Wake_1 (Positive range 1 .. 2);
   end Watcher_Agent;

   protected body Watcher is

      entry Tick
        when Closed
          or else (Chosen = Watcher_No_Entry
                   and then Tick_Armed
                   and then Tick_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Watcher_Agent.Wake_1
              (Position_Of ((Id => Watcher_Tick, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Watcher_Tick, Index => 0));
         Tick_Woken;
         requeue Tick_Queue;
      end Tick;

      entry Tick_Held
        when Closed or else (Chosen = Watcher_No_Entry and then Tick_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watcher_Tick, Index => 0));
         Tick_Woken;
         requeue Tick_Queue;
      end Tick_Held;

      entry Check
        when Closed
          or else (Chosen = Watcher_No_Entry
                   and then Check_Armed
                   and then Check_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Watcher_Agent.Wake_1
              (Position_Of ((Id => Watcher_Check, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Watcher_Check, Index => 0));
         Check_Woken;
      end Check;

      entry Check_Held
        when Closed or else (Chosen = Watcher_No_Entry and then Check_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watcher_Check, Index => 0));
         Check_Woken;
      end Check_Held;

      entry Select_Arm
        (Order : Watcher_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Watcher_No_Entry then
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
        (Order : Watcher_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Watcher_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Tick_Armed := False;
         Check_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Watcher_Alternative) is
      begin
         case Alternative.Id is
            when Watcher_Tick =>
               Tick_Armed := True;
            when Watcher_Check =>
               Check_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Watcher_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Watcher_Tick =>
               return Watcher.Tick'Count + Tick_Held'Count > 0;
            when Watcher_Check =>
               return Watcher.Check'Count + Check_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Watcher_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Tick_Take is
      begin
         Chosen := Watcher_No_Entry;
      end Tick_Take;

      procedure Tick_Woken is
      begin
         Disarm;
         Chosen := Watcher_Tick;
         Tick_Done := False;
      end Tick_Woken;

      procedure Tick_Accept_End is
      begin
         Tick_Done := True;
      end Tick_Accept_End;

      procedure Tick_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Tick_Failure, Occurrence);
         Tick_Raised := True;
         Tick_Done := True;
      end Tick_Failed;

      entry Tick_Queue
        when Tick_Done or else Closed is
      begin
         if not Tick_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Tick_Done := False;
         if Tick_Raised then
            Tick_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Tick_Failure);
         end if;
      end Tick_Queue;

      procedure Check_Take is
      begin
         Chosen := Watcher_No_Entry;
      end Check_Take;

      procedure Check_Woken is
      begin
         Disarm;
         Chosen := Watcher_Check;
      end Check_Woken;

      procedure Close_2 is
      begin
         Closed := True;
      end Close_2;
   end Watcher;

   task body Watcher_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Watcher_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Watcher_Closer);
      overriding procedure Finalize (Object : in out Watcher_Closer) is
      begin
         Watcher.Close_2;
      end Finalize;
      Closer : Watcher_Closer;
      Ticks : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Watcher_Alternative_List :=
              (1 => (Watcher_Tick, 0),
               2 => (Watcher_Check, 0));
            Choice : Natural;
         begin
            Watcher.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Watcher.Tick_Woken;
                     requeue Watcher.Tick_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Watcher.Check_Woken;
                  end Wake_1;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Watcher.Tick_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Watcher.Check_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Watcher.Tick_Take;
                  begin
                     Ticks := Ticks + 1;
                  exception
                     when Occurrence : others =>
                        Watcher.Tick_Failed (Occurrence);
                        raise;
                  end;
                  Watcher.Tick_Accept_End;
               when 2 =>
                  Watcher.Check_Take;
                  exit when Closing;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Watcher_Agent;

   S : Integer;
begin
   Keeper.Add (3);
   Keeper.Add (4);
   Keeper.Close (False);
   Keeper.Total (S);
   Put_Line ("total" & Integer'Image (S));
   Keeper.Close (True);
   Watcher.Tick;
   Watcher.Check;
   Watcher.Tick;
   Closing := True;
   Watcher.Check;
   delay 0.2;
   Put_Line ("watcher terminated: " & Boolean'Image (Watcher_Agent'Terminated));
   Put_Line ("keeper terminated: " & Boolean'Image (Keeper_Agent'Terminated));
   Put_Line ("PASSED");
end Main;
