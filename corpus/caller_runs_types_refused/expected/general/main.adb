--  Task types the caller-runs scheme refuses, each for a reason it names:
--  an initial value computed when the task is activated, whose failure
--  would raise Tasking_Error where the object was activated (Warmup); an
--  object whose master must wait for it, followed in its declarative part
--  by a declaration that may raise, after which the task would never be
--  activated (Keeper); such an object made as a record component beside
--  one whose default is computed and could raise after it (Holder); an aliased
--  object renamed (Pinned); an object running start-up code made before the task
--  body is elaborated (Herald); a subprogram of the task body naming its
--  variable, which each object has its own of (Scribe).
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   function Ident (N : Integer) return Integer is
   begin
      return N;
   end Ident;

   type Warmup;
   type Warmup_Entry is (Warmup_No_Entry, Warmup_Put);
   type Warmup_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Warmup_Put_S_Access);
   type Warmup_Alternative is record
      Id : Warmup_Entry := Warmup_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Warmup_Alternative_List is array (Positive range <>) of Warmup_Alternative;
   task type Warmup_Agent (Self : not null access Warmup) is
      --  rdv2po: general scheme agent of Warmup
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Warmup_Agent;
   --  rdv2po: task type Warmup became this protected type; its code runs in
   --  Warmup_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Warmup is
      entry Put (S : String);
      --  rdv2po: the rendezvous protocol, for Warmup_Agent
      entry Select_Arm
        (Order : Warmup_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (S : String);
      procedure Put_Woken (S : in String);
      procedure Put_Take;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Warmup_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Warmup_Alternative);
      function Queued (Alternative : Warmup_Alternative) return Boolean;
      function Position_Of (Alternative : Warmup_Alternative) return Natural;
      Armed_List : Warmup_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Warmup_Entry := Warmup_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_S : Warmup_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Warmup_Agent (Self => Warmup'Unchecked_Access);
   end Warmup;

   protected body Warmup is

      entry Put (S : String)
        when Closed
          or else (Chosen = Warmup_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Warmup_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Warmup_Put, Index => 0));
         Put_Woken (S);
         requeue Put_Queue;
      end Put;

      entry Put_Held (S : String)
        when Closed or else (Chosen = Warmup_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Warmup_Put, Index => 0));
         Put_Woken (S);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Warmup_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Warmup_No_Entry then
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
        (Order : Warmup_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Warmup_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Warmup_Alternative) is
      begin
         case Alternative.Id is
            when Warmup_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Warmup_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Warmup_Put =>
               return Warmup.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Warmup_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take is
      begin
         Chosen := Warmup_No_Entry;
      end Put_Take;

      procedure Put_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Warmup_Put;
         Put_S := new String'(S);
         Put_Done := False;
      end Put_Woken;

      function Put_S_Value return String is
      begin
         return Put_S.all;
      end Put_S_Value;

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

      entry Put_Queue (S : in String)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            Free_Put_S (Put_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Free_Put_S (Put_S);
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
         Free_Put_S (Put_S);
      end Put_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Warmup;

   task body Warmup_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Warmup_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Warmup_Closer);
      overriding procedure Finalize (Object : in out Warmup_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Warmup_Closer;
      Heat : Integer := Ident (2);
   begin
      Put_Line ("warming up" & Integer'Image (Heat));
      loop
         declare
            Alternatives : constant Warmup_Alternative_List :=
              (1 => (Warmup_Put, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Self.Put_Woken (Value_1);
                     requeue Self.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Self.Put_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Put_Line ("warm: " & S);
                        exception
                           when Occurrence : others =>
                              Self.Put_Failed (Occurrence);
                              raise;
                        end;
                        Self.Put_Accept_End;
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Warmup_Agent;

   type Keeper;
   type Keeper_Entry is (Keeper_No_Entry, Keeper_Put, Keeper_Stop);
   type Keeper_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Keeper_Put_S_Access);
   type Keeper_Alternative is record
      Id : Keeper_Entry := Keeper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Keeper_Alternative_List is array (Positive range <>) of Keeper_Alternative;
   task type Keeper_Agent (Self : not null access Keeper) is
      --  rdv2po: general scheme agent of Keeper
   end Keeper_Agent;
   --  rdv2po: task type Keeper became this protected type; its code runs in
   --  Keeper_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Keeper is
      entry Put (S : String);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Keeper_Agent
      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      procedure Put_Take;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Stop_Take;
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
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_S : Keeper_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Agent : Keeper_Agent (Self => Keeper'Unchecked_Access);
   end Keeper;

   protected body Keeper is

      entry Put (S : String)
        when Closed or else (Chosen = Keeper_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Put, Index => 0));
         Disarm;
         Chosen := Keeper_Put;
         Put_S := new String'(S);
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Stop
        when Closed or else (Chosen = Keeper_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Stop, Index => 0));
         Disarm;
         Chosen := Keeper_Stop;
      end Stop;

      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Keeper_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open then
            raise Program_Error;
         end if;
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
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Keeper_Alternative) is
      begin
         case Alternative.Id is
            when Keeper_Put =>
               Put_Armed := True;
            when Keeper_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Keeper_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Keeper_Put =>
               return Keeper.Put'Count > 0;
            when Keeper_Stop =>
               return Keeper.Stop'Count > 0;
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

      procedure Put_Take is
      begin
         Chosen := Keeper_No_Entry;
      end Put_Take;

      function Put_S_Value return String is
      begin
         return Put_S.all;
      end Put_S_Value;

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

      entry Put_Queue (S : in String)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            Free_Put_S (Put_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Free_Put_S (Put_S);
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
         Free_Put_S (Put_S);
      end Put_Queue;

      procedure Stop_Take is
      begin
         Chosen := Keeper_No_Entry;
      end Stop_Take;

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
         Self.Close;
      end Finalize;
      Closer : Keeper_Closer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (Keeper_Put, 0),
                         2 => (Keeper_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Put_Line ("kept: " & S);
                        exception
                           when Occurrence : others =>
                              Self.Put_Failed (Occurrence);
                              raise;
                        end;
                        Self.Put_Accept_End;
                     end;
                  end;
               when 2 =>
                  Self.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Keeper_Agent;

   type Holder;
   type Holder_Entry is (Holder_No_Entry, Holder_Start, Holder_Put);
   type Holder_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Holder_Put_S_Access);
   type Holder_Alternative is record
      Id : Holder_Entry := Holder_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Holder_Alternative_List is array (Positive range <>) of Holder_Alternative;
   task type Holder_Agent (Self : not null access Holder) is
      --  rdv2po: general scheme agent of Holder
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Holder_Agent;
   --  rdv2po: task type Holder became this protected type; its code runs in
   --  Holder_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Holder is
      entry Start (N : Integer);
      entry Put (S : String);
      --  rdv2po: the rendezvous protocol, for Holder_Agent
      entry Select_Arm
        (Order : Holder_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Accept_Begin (N : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (N : in Integer);
      entry Put_Held (S : String);
      procedure Put_Woken (S : in String);
      procedure Put_Take;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Holder_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Holder_Alternative);
      function Queued (Alternative : Holder_Alternative) return Boolean;
      function Position_Of (Alternative : Holder_Alternative) return Natural;
      Armed_List : Holder_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Holder_Entry := Holder_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Start_N : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Put_Armed : Boolean := False;
      Put_S : Holder_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Holder_Agent (Self => Holder'Unchecked_Access);
   end Holder;

   protected body Holder is

      entry Start (N : Integer)
        when Closed
          or else (Chosen = Holder_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Holder_Start;
         Start_N := N;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Put (S : String)
        when Closed
          or else (Chosen = Holder_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Holder_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Holder_Put, Index => 0));
         Put_Woken (S);
         requeue Put_Queue;
      end Put;

      entry Put_Held (S : String)
        when Closed or else (Chosen = Holder_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Holder_Put, Index => 0));
         Put_Woken (S);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Holder_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Holder_No_Entry then
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
        (Order : Holder_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Holder_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Holder_Alternative) is
      begin
         case Alternative.Id is
            when Holder_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Holder_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Holder_Put =>
               return Holder.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Holder_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Start_Accept_Begin (N : out Integer)
        when Chosen = Holder_Start is
      begin
         N := Start_N;
         Chosen := Holder_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (N : in Integer)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      procedure Put_Take is
      begin
         Chosen := Holder_No_Entry;
      end Put_Take;

      procedure Put_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Holder_Put;
         Put_S := new String'(S);
         Put_Done := False;
      end Put_Woken;

      function Put_S_Value return String is
      begin
         return Put_S.all;
      end Put_S_Value;

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

      entry Put_Queue (S : in String)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            Free_Put_S (Put_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Free_Put_S (Put_S);
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
         Free_Put_S (Put_S);
      end Put_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Holder;

   task body Holder_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Holder_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Holder_Closer);
      overriding procedure Finalize (Object : in out Holder_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Holder_Closer;
      Id : Integer := 0;
   begin
      declare
         N : Integer;
      begin
         Self.Start_Accept_Begin (N);
         begin
            Id := N;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      loop
         declare
            Alternatives : constant Holder_Alternative_List :=
              (1 => (Holder_Put, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Self.Put_Woken (Value_1);
                     requeue Self.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Self.Put_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Put_Line ("held" & Integer'Image (Id) & ": " & S);
                        exception
                           when Occurrence : others =>
                              Self.Put_Failed (Occurrence);
                              raise;
                        end;
                        Self.Put_Accept_End;
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Holder_Agent;

   type Box is record
      H : Holder;
      Weight : Integer := Ident (1);
   end record;

   type Pinned;
   type Pinned_Entry is (Pinned_No_Entry, Pinned_Put);
   type Pinned_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Pinned_Put_S_Access);
   type Pinned_Alternative is record
      Id : Pinned_Entry := Pinned_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Pinned_Alternative_List is array (Positive range <>) of Pinned_Alternative;
   task type Pinned_Agent (Self : not null access Pinned) is
      --  rdv2po: general scheme agent of Pinned
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Pinned_Agent;
   --  rdv2po: task type Pinned became this protected type; its code runs in
   --  Pinned_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Pinned is
      entry Put (S : String);
      --  rdv2po: the rendezvous protocol, for Pinned_Agent
      entry Select_Arm
        (Order : Pinned_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (S : String);
      procedure Put_Woken (S : in String);
      procedure Put_Take;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Pinned_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Pinned_Alternative);
      function Queued (Alternative : Pinned_Alternative) return Boolean;
      function Position_Of (Alternative : Pinned_Alternative) return Natural;
      Armed_List : Pinned_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Pinned_Entry := Pinned_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_S : Pinned_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Pinned_Agent (Self => Pinned'Unchecked_Access);
   end Pinned;

   protected body Pinned is

      entry Put (S : String)
        when Closed
          or else (Chosen = Pinned_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Pinned_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Pinned_Put, Index => 0));
         Put_Woken (S);
         requeue Put_Queue;
      end Put;

      entry Put_Held (S : String)
        when Closed or else (Chosen = Pinned_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Pinned_Put, Index => 0));
         Put_Woken (S);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Pinned_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Pinned_No_Entry then
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
        (Order : Pinned_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Pinned_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Pinned_Alternative) is
      begin
         case Alternative.Id is
            when Pinned_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Pinned_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Pinned_Put =>
               return Pinned.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Pinned_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take is
      begin
         Chosen := Pinned_No_Entry;
      end Put_Take;

      procedure Put_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Pinned_Put;
         Put_S := new String'(S);
         Put_Done := False;
      end Put_Woken;

      function Put_S_Value return String is
      begin
         return Put_S.all;
      end Put_S_Value;

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

      entry Put_Queue (S : in String)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            Free_Put_S (Put_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Free_Put_S (Put_S);
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
         Free_Put_S (Put_S);
      end Put_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Pinned;

   task body Pinned_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Pinned_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Pinned_Closer);
      overriding procedure Finalize (Object : in out Pinned_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Pinned_Closer;
   begin
      loop
         declare
            Alternatives : constant Pinned_Alternative_List :=
              (1 => (Pinned_Put, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Self.Put_Woken (Value_1);
                     requeue Self.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Self.Put_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Put_Line ("pinned: " & S);
                        exception
                           when Occurrence : others =>
                              Self.Put_Failed (Occurrence);
                              raise;
                        end;
                        Self.Put_Accept_End;
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Pinned_Agent;

   type Herald;
   type Herald_Entry is (Herald_No_Entry, Herald_Put);
   type Herald_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Herald_Put_S_Access);
   type Herald_Alternative is record
      Id : Herald_Entry := Herald_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Herald_Alternative_List is array (Positive range <>) of Herald_Alternative;
   task type Herald_Agent (Self : not null access Herald) is
      --  rdv2po: general scheme agent of Herald
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Herald_Agent;
   --  rdv2po: task type Herald became this protected type; its code runs in
   --  Herald_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Herald is
      entry Put (S : String);
      --  rdv2po: the rendezvous protocol, for Herald_Agent
      entry Select_Arm
        (Order : Herald_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (S : String);
      procedure Put_Woken (S : in String);
      procedure Put_Take;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Herald_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Herald_Alternative);
      function Queued (Alternative : Herald_Alternative) return Boolean;
      function Position_Of (Alternative : Herald_Alternative) return Natural;
      Armed_List : Herald_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Herald_Entry := Herald_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_S : Herald_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Herald_Agent (Self => Herald'Unchecked_Access);
   end Herald;

   Crier : Herald;   --  made before the task body is elaborated

   protected body Herald is

      entry Put (S : String)
        when Closed
          or else (Chosen = Herald_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Herald_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Herald_Put, Index => 0));
         Put_Woken (S);
         requeue Put_Queue;
      end Put;

      entry Put_Held (S : String)
        when Closed or else (Chosen = Herald_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Herald_Put, Index => 0));
         Put_Woken (S);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Herald_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Herald_No_Entry then
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
        (Order : Herald_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Herald_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Herald_Alternative) is
      begin
         case Alternative.Id is
            when Herald_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Herald_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Herald_Put =>
               return Herald.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Herald_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take is
      begin
         Chosen := Herald_No_Entry;
      end Put_Take;

      procedure Put_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Herald_Put;
         Put_S := new String'(S);
         Put_Done := False;
      end Put_Woken;

      function Put_S_Value return String is
      begin
         return Put_S.all;
      end Put_S_Value;

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

      entry Put_Queue (S : in String)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            Free_Put_S (Put_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Free_Put_S (Put_S);
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
         Free_Put_S (Put_S);
      end Put_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Herald;

   task body Herald_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Herald_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Herald_Closer);
      overriding procedure Finalize (Object : in out Herald_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Herald_Closer;
   begin
      Put_Line ("herald up");
      loop
         declare
            Alternatives : constant Herald_Alternative_List :=
              (1 => (Herald_Put, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Self.Put_Woken (Value_1);
                     requeue Self.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Self.Put_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Put_Line ("herald: " & S);
                        exception
                           when Occurrence : others =>
                              Self.Put_Failed (Occurrence);
                              raise;
                        end;
                        Self.Put_Accept_End;
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Herald_Agent;

   type Scribe;
   type Scribe_Entry is (Scribe_No_Entry, Scribe_Put);
   type Scribe_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Scribe_Put_S_Access);
   type Scribe_Alternative is record
      Id : Scribe_Entry := Scribe_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Scribe_Alternative_List is array (Positive range <>) of Scribe_Alternative;
   task type Scribe_Agent (Self : not null access Scribe) is
      --  rdv2po: general scheme agent of Scribe
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Scribe_Agent;
   --  rdv2po: task type Scribe became this protected type; its code runs in
   --  Scribe_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Scribe is
      entry Put (S : String);
      --  rdv2po: the rendezvous protocol, for Scribe_Agent
      entry Select_Arm
        (Order : Scribe_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (S : String);
      procedure Put_Woken (S : in String);
      procedure Put_Take;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Scribe_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Scribe_Alternative);
      function Queued (Alternative : Scribe_Alternative) return Boolean;
      function Position_Of (Alternative : Scribe_Alternative) return Natural;
      Armed_List : Scribe_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Scribe_Entry := Scribe_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_S : Scribe_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Scribe_Agent (Self => Scribe'Unchecked_Access);
   end Scribe;

   protected body Scribe is

      entry Put (S : String)
        when Closed
          or else (Chosen = Scribe_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Scribe_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Scribe_Put, Index => 0));
         Put_Woken (S);
         requeue Put_Queue;
      end Put;

      entry Put_Held (S : String)
        when Closed or else (Chosen = Scribe_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Scribe_Put, Index => 0));
         Put_Woken (S);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Scribe_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Scribe_No_Entry then
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
        (Order : Scribe_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Scribe_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Scribe_Alternative) is
      begin
         case Alternative.Id is
            when Scribe_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Scribe_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Scribe_Put =>
               return Scribe.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Scribe_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take is
      begin
         Chosen := Scribe_No_Entry;
      end Put_Take;

      procedure Put_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Scribe_Put;
         Put_S := new String'(S);
         Put_Done := False;
      end Put_Woken;

      function Put_S_Value return String is
      begin
         return Put_S.all;
      end Put_S_Value;

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

      entry Put_Queue (S : in String)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            Free_Put_S (Put_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Free_Put_S (Put_S);
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
         Free_Put_S (Put_S);
      end Put_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Scribe;

   task body Scribe_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Scribe_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Scribe_Closer);
      overriding procedure Finalize (Object : in out Scribe_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Scribe_Closer;
      Lines : Natural := 0;
      procedure Show (S : String) is
      begin
         Lines := Lines + 1;
         Put_Line ("line" & Natural'Image (Lines) & ": " & S);
      end Show;
   begin
      loop
         declare
            Alternatives : constant Scribe_Alternative_List :=
              (1 => (Scribe_Put, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Self.Put_Woken (Value_1);
                     requeue Self.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Self.Put_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Show (S);
                        exception
                           when Occurrence : others =>
                              Self.Put_Failed (Occurrence);
                              raise;
                        end;
                        Self.Put_Accept_End;
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Scribe_Agent;
begin
   Crier.Put ("z");
   declare
      W : Warmup;
   begin
      W.Put ("a");
   end;
   declare
      K : Keeper;
      Limit : constant Integer := Ident (3);
   begin
      K.Put ("b" & Integer'Image (Limit));
      K.Stop;
   end;
   declare
      B : Box;
   begin
      B.H.Start (7);
      B.H.Put ("c");
   end;
   declare
      P : aliased Pinned;
      Same : Pinned renames P;
   begin
      Same.Put ("d");
   end;
   declare
      S : Scribe;
   begin
      S.Put ("e");
      S.Put ("f");
   end;
   Put_Line ("PASSED");
end Main;
