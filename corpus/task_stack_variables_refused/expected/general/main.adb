--  Servers whose variables would leave the task's stack if it were
--  eliminated (common/sizes.py), and are too large or not of static size:
--  Keeper (accepting) keeps a table of 20_000 integers (over rdv2po's
--  64 KiB bound as it counts them, 16 bytes a scalar); Ring (a task type)
--  an array bounded by its discriminant, which its object gives as 5_000;
--  Logger (it prints: caller-runs) a line of 100_000 characters.
--  All refused, naming the declaration; beside corpus task_stack_variables.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Table is array (1 .. 20_000) of Integer;
   type Slots is array (Positive range <>) of Integer;

   type Keeper_Entry is (Keeper_No_Entry, Keeper_Put, Keeper_Get);
   type Keeper_Alternative is record
      Id : Keeper_Entry := Keeper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Keeper_Alternative_List is array (Positive range <>) of Keeper_Alternative;
   --  rdv2po: task Keeper became this protected object; its code runs in the
   --  task Keeper_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Keeper is
      entry Put (I : Positive; V : Integer);
      entry Get (I : Positive; V : out Integer);
      --  rdv2po: the rendezvous protocol, for Keeper_Agent
      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (I : Positive; V : Integer);
      procedure Put_Woken (I : in Positive; V : in Integer);
      procedure Put_Take (I : out Positive; V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (I : in Positive; V : in Integer);
      entry Get_Held (I : Positive; V : out Integer);
      procedure Get_Woken (I : in Positive; V : in Integer);
      procedure Get_Take (I : out Positive; V : out Integer);
      procedure Get_Accept_End (V : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (I : in Positive; V : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Keeper_Alternative);
      function Queued (Alternative : Keeper_Alternative) return Boolean;
      function Position_Of (Alternative : Keeper_Alternative) return Natural;
      Armed_List : Keeper_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Keeper_Entry := Keeper_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_I : Positive;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_I : Positive;
      Get_V : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Keeper;
   task Keeper_Agent is
      --  rdv2po: general scheme agent of Keeper
      entry Wake_1 (Positive range 1 .. 2)
        (Value_1 : in Positive; Value_2 : in Integer);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : in Positive; Value_2 : out Integer);
   end Keeper_Agent;

   type Ring;
   type Ring_Entry is (Ring_No_Entry, Ring_Add, Ring_Sum);
   type Ring_Alternative is record
      Id : Ring_Entry := Ring_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Ring_Alternative_List is array (Positive range <>) of Ring_Alternative;
   task type Ring_Agent (Self : not null access Ring; Size : Positive) is
      --  rdv2po: general scheme agent of Ring
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Ring_Agent;
   --  rdv2po: task type Ring became this protected type; its code runs in
   --  Ring_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Ring (Size : Positive) is
      entry Add (V : Integer);
      entry Sum (S : out Integer);
      --  rdv2po: the rendezvous protocol, for Ring_Agent
      entry Select_Arm
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (V : Integer);
      procedure Add_Woken (V : in Integer);
      procedure Add_Take (V : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (V : in Integer);
      entry Sum_Held (S : out Integer);
      procedure Sum_Woken (S : in Integer);
      procedure Sum_Take (S : out Integer);
      procedure Sum_Accept_End (S : in Integer);
      procedure Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Sum_Queue (S : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Ring_Alternative);
      function Queued (Alternative : Ring_Alternative) return Boolean;
      function Position_Of (Alternative : Ring_Alternative) return Natural;
      Armed_List : Ring_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Ring_Entry := Ring_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_V : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Sum_Armed : Boolean := False;
      Sum_S : Integer;
      Sum_Done : Boolean := False;
      Sum_Raised : Boolean := False;
      Sum_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Ring_Agent (Self => Ring'Unchecked_Access, Size => Size);
   end Ring;

   type Logger_Entry is (Logger_No_Entry, Logger_Log);
   type Logger_Alternative is record
      Id : Logger_Entry := Logger_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Logger_Alternative_List is array (Positive range <>) of Logger_Alternative;
   --  rdv2po: task Logger became this protected object; its code runs in the
   --  task Logger_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Logger is
      entry Log (C : Character);
      --  rdv2po: the rendezvous protocol, for Logger_Agent
      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      entry Log_Held (C : Character);
      procedure Log_Woken (C : in Character);
      procedure Log_Take (C : out Character);
      procedure Log_Accept_End;
      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Log_Queue (C : in Character);
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
      Log_Armed : Boolean := False;
      Log_C : Character;
      Log_Done : Boolean := False;
      Log_Raised : Boolean := False;
      Log_Failure : Ada.Exceptions.Exception_Occurrence;
   end Logger;
   task Logger_Agent is
      --  rdv2po: general scheme agent of Logger
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Character);
   end Logger_Agent;

   protected body Keeper is

      entry Put (I : Positive; V : Integer)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_1
              (Position_Of ((Id => Keeper_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Put, Index => 0));
         Put_Woken (I, V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (I : Positive; V : Integer)
        when Closed or else (Chosen = Keeper_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Put, Index => 0));
         Put_Woken (I, V);
         requeue Put_Queue;
      end Put_Held;

      entry Get (I : Positive; V : out Integer)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_2
              (Position_Of ((Id => Keeper_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Get, Index => 0));
         Get_Woken (I, V);
         requeue Get_Queue;
      end Get;

      entry Get_Held (I : Positive; V : out Integer)
        when Closed or else (Chosen = Keeper_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Get, Index => 0));
         Get_Woken (I, V);
         requeue Get_Queue;
      end Get_Held;

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
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Keeper_Alternative) is
      begin
         case Alternative.Id is
            when Keeper_Put =>
               Put_Armed := True;
            when Keeper_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Keeper_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Keeper_Put =>
               return Keeper.Put'Count + Put_Held'Count > 0;
            when Keeper_Get =>
               return Keeper.Get'Count + Get_Held'Count > 0;
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

      procedure Put_Take (I : out Positive; V : out Integer) is
      begin
         I := Put_I;
         V := Put_V;
         Chosen := Keeper_No_Entry;
      end Put_Take;

      procedure Put_Woken (I : in Positive; V : in Integer) is
      begin
         Disarm;
         Chosen := Keeper_Put;
         Put_I := I;
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

      entry Put_Queue (I : in Positive; V : in Integer)
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

      procedure Get_Take (I : out Positive; V : out Integer) is
      begin
         I := Get_I;
         V := Get_V;
         Chosen := Keeper_No_Entry;
      end Get_Take;

      procedure Get_Woken (I : in Positive; V : in Integer) is
      begin
         Disarm;
         Chosen := Keeper_Get;
         Get_I := I;
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

      entry Get_Queue (I : in Positive; V : out Integer)
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
   end Keeper;

   task body Keeper_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Keeper_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Keeper_Closer);
      overriding procedure Finalize (Object : in out Keeper_Closer) is
      begin
         Keeper.Close;
      end Finalize;
      Closer : Keeper_Closer;
      Data : Table := (others => 0);
   begin
      loop
         declare
            Alternatives : constant Keeper_Alternative_List :=
              (1 => (Keeper_Put, 0),
               2 => (Keeper_Get, 0));
            Choice : Natural;
         begin
            Keeper.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Positive; Value_2 : in Integer) do
                     Keeper.Put_Woken (Value_1, Value_2);
                     requeue Keeper.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : in Positive; Value_2 : out Integer) do
                     Keeper.Get_Woken (Value_1, Value_2);
                     requeue Keeper.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Positive; Value_2 : in Integer) do
                        requeue Keeper.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : in Positive; Value_2 : out Integer) do
                        requeue Keeper.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     I : Positive;
                     V : Integer;
                  begin
                     Keeper.Put_Take (I, V);
                     begin
                        Data (I) := V;
                     exception
                        when Occurrence : others =>
                           Keeper.Put_Failed (Occurrence);
                           raise;
                     end;
                     Keeper.Put_Accept_End;
                  end;
               when 2 =>
                  declare
                     I : Positive;
                     V : Integer;
                  begin
                     Keeper.Get_Take (I, V);
                     begin
                        V := Data (I);
                     exception
                        when Occurrence : others =>
                           Keeper.Get_Failed (Occurrence);
                           raise;
                     end;
                     Keeper.Get_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Keeper_Agent;

   protected body Ring is

      entry Add (V : Integer)
        when Closed
          or else (Chosen = Ring_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Ring_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ring_Add, Index => 0));
         Add_Woken (V);
         requeue Add_Queue;
      end Add;

      entry Add_Held (V : Integer)
        when Closed or else (Chosen = Ring_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ring_Add, Index => 0));
         Add_Woken (V);
         requeue Add_Queue;
      end Add_Held;

      entry Sum (S : out Integer)
        when Closed
          or else (Chosen = Ring_No_Entry
                   and then Sum_Armed
                   and then Sum_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Ring_Sum, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ring_Sum, Index => 0));
         Sum_Woken (S);
         requeue Sum_Queue;
      end Sum;

      entry Sum_Held (S : out Integer)
        when Closed or else (Chosen = Ring_No_Entry and then Sum_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ring_Sum, Index => 0));
         Sum_Woken (S);
         requeue Sum_Queue;
      end Sum_Held;

      entry Select_Arm
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Ring_No_Entry then
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
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Ring_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Sum_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Ring_Alternative) is
      begin
         case Alternative.Id is
            when Ring_Add =>
               Add_Armed := True;
            when Ring_Sum =>
               Sum_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Ring_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Ring_Add =>
               return Ring.Add'Count + Add_Held'Count > 0;
            when Ring_Sum =>
               return Ring.Sum'Count + Sum_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Ring_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (V : out Integer) is
      begin
         V := Add_V;
         Chosen := Ring_No_Entry;
      end Add_Take;

      procedure Add_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Ring_Add;
         Add_V := V;
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

      entry Add_Queue (V : in Integer)
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

      procedure Sum_Take (S : out Integer) is
      begin
         S := Sum_S;
         Chosen := Ring_No_Entry;
      end Sum_Take;

      procedure Sum_Woken (S : in Integer) is
      begin
         Disarm;
         Chosen := Ring_Sum;
         Sum_S := S;
         Sum_Done := False;
      end Sum_Woken;

      procedure Sum_Accept_End (S : in Integer) is
      begin
         Sum_S := S;
         Sum_Done := True;
      end Sum_Accept_End;

      procedure Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Sum_Failure, Occurrence);
         Sum_Raised := True;
         Sum_Done := True;
      end Sum_Failed;

      entry Sum_Queue (S : out Integer)
        when Sum_Done or else Closed is
      begin
         if not Sum_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Sum_Done := False;
         if Sum_Raised then
            Sum_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Sum_Failure);
         end if;
         S := Sum_S;
      end Sum_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Ring;

   task body Ring_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Ring_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Ring_Closer);
      overriding procedure Finalize (Object : in out Ring_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Ring_Closer;
      Items : Slots (1 .. Size) := (others => 0);
      Next  : Positive := 1;
   begin
      loop
         declare
            Alternatives : constant Ring_Alternative_List :=
              (1 => (Ring_Add, 0),
               2 => (Ring_Sum, 0));
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
                     Self.Sum_Woken (Value_1);
                     requeue Self.Sum_Queue;
                  end Wake_2;
                  Choice := 2;
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
                        requeue Self.Sum_Held with abort;
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
                     Self.Add_Take (V);
                     begin
                        Items (Next) := V;
                        Next := Next mod Size + 1;
                     exception
                        when Occurrence : others =>
                           Self.Add_Failed (Occurrence);
                           raise;
                     end;
                     Self.Add_Accept_End;
                  end;
               when 2 =>
                  declare
                     S : Integer;
                  begin
                     Self.Sum_Take (S);
                     begin
                        S := 0;
                        for X of Items loop
                           S := S + X;
                        end loop;
                     exception
                        when Occurrence : others =>
                           Self.Sum_Failed (Occurrence);
                           raise;
                     end;
                     Self.Sum_Accept_End (S);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Ring_Agent;

   protected body Logger is

      entry Log (C : Character)
        when Closed
          or else (Chosen = Logger_No_Entry
                   and then Log_Armed
                   and then Log_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Logger_Agent.Wake_1
              (Position_Of ((Id => Logger_Log, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Logger_Log, Index => 0));
         Log_Woken (C);
         requeue Log_Queue;
      end Log;

      entry Log_Held (C : Character)
        when Closed or else (Chosen = Logger_No_Entry and then Log_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Log, Index => 0));
         Log_Woken (C);
         requeue Log_Queue;
      end Log_Held;

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
         Log_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Logger_Alternative) is
      begin
         case Alternative.Id is
            when Logger_Log =>
               Log_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Logger_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Logger_Log =>
               return Logger.Log'Count + Log_Held'Count > 0;
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

      procedure Log_Take (C : out Character) is
      begin
         C := Log_C;
         Chosen := Logger_No_Entry;
      end Log_Take;

      procedure Log_Woken (C : in Character) is
      begin
         Disarm;
         Chosen := Logger_Log;
         Log_C := C;
         Log_Done := False;
      end Log_Woken;

      procedure Log_Accept_End is
      begin
         Log_Done := True;
      end Log_Accept_End;

      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Log_Failure, Occurrence);
         Log_Raised := True;
         Log_Done := True;
      end Log_Failed;

      entry Log_Queue (C : in Character)
        when Log_Done or else Closed is
      begin
         if not Log_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Log_Done := False;
         if Log_Raised then
            Log_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Log_Failure);
         end if;
      end Log_Queue;

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
      Line : String (1 .. 100_000) := (others => ' ');
      Last : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Logger_Alternative_List :=
              (1 => (Logger_Log, 0));
            Choice : Natural;
         begin
            Logger.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Character) do
                     Logger.Log_Woken (Value_1);
                     requeue Logger.Log_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Character) do
                        requeue Logger.Log_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     C : Character;
                  begin
                     Logger.Log_Take (C);
                     begin
                        Last := Last + 1;
                        Line (Last) := C;
                        Put_Line ("log: " & Line (1 .. Last));
                     exception
                        when Occurrence : others =>
                           Logger.Log_Failed (Occurrence);
                           raise;
                     end;
                     Logger.Log_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Logger_Agent;

   R : Ring (5_000);
   V : Integer;
begin
   Keeper.Put (500, 7);
   Keeper.Get (500, V);
   Put_Line ("keeper:" & V'Image);
   for I in 1 .. 6 loop
      R.Add (I);
   end loop;
   R.Sum (V);
   Put_Line ("ring:" & V'Image);
   Logger.Log ('o');
   Logger.Log ('k');
   Put_Line ("PASSED");
end Main;
