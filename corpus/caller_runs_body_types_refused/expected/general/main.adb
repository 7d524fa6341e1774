with Ada.Finalization;
with Ada.Exceptions;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Limit : Integer := 3;

   --  A subtype whose range reads a variable: the task read it when
   --  activated, the package would read it where the task body is.
   type Window_Entry is (Window_No_Entry, Window_Put);
   type Window_Alternative is record
      Id : Window_Entry := Window_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Window_Alternative_List is array (Positive range <>) of Window_Alternative;
   --  rdv2po: task Window became this protected object; its code runs in the
   --  task Window_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Window is
      entry Put (N : Integer);
      --  rdv2po: the rendezvous protocol, for Window_Agent
      entry Select_Arm
        (Order : Window_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (N : Integer);
      procedure Put_Woken (N : in Integer);
      procedure Put_Take (N : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (N : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Window_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Window_Alternative);
      function Queued (Alternative : Window_Alternative) return Boolean;
      function Position_Of (Alternative : Window_Alternative) return Natural;
      Armed_List : Window_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Window_Entry := Window_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_N : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
   end Window;
   task Window_Agent is
      --  rdv2po: general scheme agent of Window
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Window_Agent;

   protected body Window is

      entry Put (N : Integer)
        when Closed
          or else (Chosen = Window_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Window_Agent.Wake_1
              (Position_Of ((Id => Window_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Window_Put, Index => 0));
         Put_Woken (N);
         requeue Put_Queue;
      end Put;

      entry Put_Held (N : Integer)
        when Closed or else (Chosen = Window_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Window_Put, Index => 0));
         Put_Woken (N);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Window_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Window_No_Entry then
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
        (Order : Window_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Window_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Window_Alternative) is
      begin
         case Alternative.Id is
            when Window_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Window_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Window_Put =>
               return Window.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Window_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (N : out Integer) is
      begin
         N := Put_N;
         Chosen := Window_No_Entry;
      end Put_Take;

      procedure Put_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Window_Put;
         Put_N := N;
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

      entry Put_Queue (N : in Integer)
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

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Window;

   task body Window_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Window_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Window_Closer);
      overriding procedure Finalize (Object : in out Window_Closer) is
      begin
         Window.Close;
      end Finalize;
      Closer : Window_Closer;
      subtype Span is Integer range 1 .. Limit;
      Last : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Window_Alternative_List :=
              (1 => (Window_Put, 0));
            Choice : Natural;
         begin
            Window.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Window.Put_Woken (Value_1);
                     requeue Window.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Window.Put_Held with abort;
                     end Wake_1;
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
                     Window.Put_Take (N);
                     begin
                        Last := N;
                        Put_Line ("window" & Integer'Image (Last)
                                  & (if Last in Span then " in" else " out"));
                     exception
                        when Occurrence : others =>
                           Window.Put_Failed (Occurrence);
                           raise;
                     end;
                     Window.Put_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Window_Agent;

   --  An array type sized by a discriminant: each object has its own.
   type Sizer;
   type Sizer_Entry is (Sizer_No_Entry, Sizer_Put);
   type Sizer_Alternative is record
      Id : Sizer_Entry := Sizer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Sizer_Alternative_List is array (Positive range <>) of Sizer_Alternative;
   task type Sizer_Agent (Self : not null access Sizer; Size : Positive) is
      --  rdv2po: general scheme agent of Sizer
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Sizer_Agent;
   --  rdv2po: task type Sizer became this protected type; its code runs in
   --  Sizer_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Sizer (Size : Positive) is
      entry Put (N : Integer);
      --  rdv2po: the rendezvous protocol, for Sizer_Agent
      entry Select_Arm
        (Order : Sizer_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (N : Integer);
      procedure Put_Woken (N : in Integer);
      procedure Put_Take (N : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (N : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Sizer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Sizer_Alternative);
      function Queued (Alternative : Sizer_Alternative) return Boolean;
      function Position_Of (Alternative : Sizer_Alternative) return Natural;
      Armed_List : Sizer_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Sizer_Entry := Sizer_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_N : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Sizer_Agent (Self => Sizer'Unchecked_Access, Size => Size);
   end Sizer;

   protected body Sizer is

      entry Put (N : Integer)
        when Closed
          or else (Chosen = Sizer_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Sizer_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Sizer_Put, Index => 0));
         Put_Woken (N);
         requeue Put_Queue;
      end Put;

      entry Put_Held (N : Integer)
        when Closed or else (Chosen = Sizer_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Sizer_Put, Index => 0));
         Put_Woken (N);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Sizer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Sizer_No_Entry then
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
        (Order : Sizer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Sizer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Sizer_Alternative) is
      begin
         case Alternative.Id is
            when Sizer_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Sizer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Sizer_Put =>
               return Sizer.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Sizer_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (N : out Integer) is
      begin
         N := Put_N;
         Chosen := Sizer_No_Entry;
      end Put_Take;

      procedure Put_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Sizer_Put;
         Put_N := N;
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

      entry Put_Queue (N : in Integer)
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

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Sizer;

   task body Sizer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Sizer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Sizer_Closer);
      overriding procedure Finalize (Object : in out Sizer_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Sizer_Closer;
      type Slots is array (1 .. Size) of Integer;
      Kept : Slots := (others => 0);
   begin
      loop
         declare
            Alternatives : constant Sizer_Alternative_List :=
              (1 => (Sizer_Put, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
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
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Self.Put_Held with abort;
                     end Wake_1;
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
                     Self.Put_Take (N);
                     begin
                        Kept (Kept'Last) := N;
                        Put_Line ("sizer" & Integer'Image (Kept (Kept'Last)));
                     exception
                        when Occurrence : others =>
                           Self.Put_Failed (Occurrence);
                           raise;
                     end;
                     Self.Put_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Sizer_Agent;

   S : Sizer (2);

   --  An exception of a program that asks occurrences their names: GNAT's
   --  name of it names the task body.
   type Namer_Entry is (Namer_No_Entry, Namer_Check);
   type Namer_Alternative is record
      Id : Namer_Entry := Namer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Namer_Alternative_List is array (Positive range <>) of Namer_Alternative;
   --  rdv2po: task Namer became this protected object; its code runs in the
   --  task Namer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Namer is
      entry Check (N : Integer);
      --  rdv2po: the rendezvous protocol, for Namer_Agent
      entry Select_Arm
        (Order : Namer_Alternative_List;
         Chosen_Position : out Natural);
      entry Check_Held (N : Integer);
      procedure Check_Woken (N : in Integer);
      procedure Check_Take (N : out Integer);
      procedure Check_Accept_End;
      procedure Check_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Check_Queue (N : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Namer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Namer_Alternative);
      function Queued (Alternative : Namer_Alternative) return Boolean;
      function Position_Of (Alternative : Namer_Alternative) return Natural;
      Armed_List : Namer_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Namer_Entry := Namer_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Check_Armed : Boolean := False;
      Check_N : Integer;
      Check_Done : Boolean := False;
      Check_Raised : Boolean := False;
      Check_Failure : Ada.Exceptions.Exception_Occurrence;
   end Namer;
   task Namer_Agent is
      --  rdv2po: general scheme agent of Namer
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Namer_Agent;

   protected body Namer is

      entry Check (N : Integer)
        when Closed
          or else (Chosen = Namer_No_Entry
                   and then Check_Armed
                   and then Check_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Namer_Agent.Wake_1
              (Position_Of ((Id => Namer_Check, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Namer_Check, Index => 0));
         Check_Woken (N);
         requeue Check_Queue;
      end Check;

      entry Check_Held (N : Integer)
        when Closed or else (Chosen = Namer_No_Entry and then Check_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Namer_Check, Index => 0));
         Check_Woken (N);
         requeue Check_Queue;
      end Check_Held;

      entry Select_Arm
        (Order : Namer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Namer_No_Entry then
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
        (Order : Namer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Namer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Check_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Namer_Alternative) is
      begin
         case Alternative.Id is
            when Namer_Check =>
               Check_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Namer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Namer_Check =>
               return Namer.Check'Count + Check_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Namer_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Check_Take (N : out Integer) is
      begin
         N := Check_N;
         Chosen := Namer_No_Entry;
      end Check_Take;

      procedure Check_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Namer_Check;
         Check_N := N;
         Check_Done := False;
      end Check_Woken;

      procedure Check_Accept_End is
      begin
         Check_Done := True;
      end Check_Accept_End;

      procedure Check_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Check_Failure, Occurrence);
         Check_Raised := True;
         Check_Done := True;
      end Check_Failed;

      entry Check_Queue (N : in Integer)
        when Check_Done or else Closed is
      begin
         if not Check_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Check_Done := False;
         if Check_Raised then
            Check_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Check_Failure);
         end if;
      end Check_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Namer;

   task body Namer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Namer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Namer_Closer);
      overriding procedure Finalize (Object : in out Namer_Closer) is
      begin
         Namer.Close;
      end Finalize;
      Closer : Namer_Closer;
      Negative : exception;
   begin
      loop
         declare
            Alternatives : constant Namer_Alternative_List :=
              (1 => (Namer_Check, 0));
            Choice : Natural;
         begin
            Namer.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Namer.Check_Woken (Value_1);
                     requeue Namer.Check_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Namer.Check_Held with abort;
                     end Wake_1;
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
                     Namer.Check_Take (N);
                     begin
                        if N < 0 then
                           raise Negative;
                        end if;
                        Put_Line ("checked");
                     exception
                        when Occurrence : others =>
                           Namer.Check_Failed (Occurrence);
                           raise;
                     end;
                     Namer.Check_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Namer_Agent;
begin
   Limit := 10;
   Window.Put (5);
   S.Put (7);
   Namer.Check (1);
   begin
      Namer.Check (-1);
   exception
      when E : others =>
         --  (the name itself differs between compilers: not printed)
         if Ada.Exceptions.Exception_Name (E) /= "" then
            Put_Line ("raised a named exception");
         end if;
   end;

   --  A subtype whose range lies outside its type's: the task's activation
   --  fails, and the activator gets Tasking_Error.
   declare
      type Small is range 0 .. 10;

      type Narrow_Entry is (Narrow_No_Entry, Narrow_Put);
      type Narrow_Alternative is record
         Id : Narrow_Entry := Narrow_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Narrow_Alternative_List is array (Positive range <>) of Narrow_Alternative;
      --  rdv2po: task Narrow became this protected object; its code runs in
      --  the task Narrow_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Narrow is
         entry Put (N : Integer);
         --  rdv2po: the rendezvous protocol, for Narrow_Agent
         entry Select_Arm
           (Order : Narrow_Alternative_List;
            Chosen_Position : out Natural);
         entry Put_Held (N : Integer);
         procedure Put_Woken (N : in Integer);
         procedure Put_Take (N : out Integer);
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue (N : in Integer);
         procedure Close;
      private
         entry Select_Wait
           (Order : Narrow_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Narrow_Alternative);
         function Queued (Alternative : Narrow_Alternative) return Boolean;
         function Position_Of (Alternative : Narrow_Alternative) return Natural;
         Armed_List : Narrow_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Narrow_Entry := Narrow_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Boolean := False;
         Put_N : Integer;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Narrow;
      task Narrow_Agent is
         --  rdv2po: general scheme agent of Narrow
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Narrow_Agent;

      protected body Narrow is

         entry Put (N : Integer)
           when Closed
             or else (Chosen = Narrow_No_Entry
                      and then Put_Armed
                      and then Put_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Narrow_Agent.Wake_1
                 (Position_Of ((Id => Narrow_Put, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Narrow_Put, Index => 0));
            Put_Woken (N);
            requeue Put_Queue;
         end Put;

         entry Put_Held (N : Integer)
           when Closed or else (Chosen = Narrow_No_Entry and then Put_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Narrow_Put, Index => 0));
            Put_Woken (N);
            requeue Put_Queue;
         end Put_Held;

         entry Select_Arm
           (Order : Narrow_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Narrow_No_Entry then
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  a caller already queued is taken first, in the select's order
            --  (as GNAT does)
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
           (Order : Narrow_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Narrow_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Narrow_Alternative) is
         begin
            case Alternative.Id is
               when Narrow_Put =>
                  Put_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Narrow_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Narrow_Put =>
                  return Narrow.Put'Count + Put_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Narrow_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Put_Take (N : out Integer) is
         begin
            N := Put_N;
            Chosen := Narrow_No_Entry;
         end Put_Take;

         procedure Put_Woken (N : in Integer) is
         begin
            Disarm;
            Chosen := Narrow_Put;
            Put_N := N;
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

         entry Put_Queue (N : in Integer)
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

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Narrow;

      task body Narrow_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Narrow_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Narrow_Closer);
         overriding procedure Finalize (Object : in out Narrow_Closer) is
         begin
            Narrow.Close;
         end Finalize;
         Closer : Narrow_Closer;
         subtype Wide is Small range 0 .. 20;
         Last : Wide := 0;
      begin
         loop
            declare
               Alternatives : constant Narrow_Alternative_List :=
                 (1 => (Narrow_Put, 0));
               Choice : Natural;
            begin
               Narrow.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Narrow.Put_Woken (Value_1);
                        requeue Narrow.Put_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Narrow.Put_Held with abort;
                        end Wake_1;
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
                        Narrow.Put_Take (N);
                        begin
                           Last := Wide (N);
                           Put ("narrow");
                           Put_Line (Wide'Image (Last));
                        exception
                           when Occurrence : others =>
                              Narrow.Put_Failed (Occurrence);
                              raise;
                        end;
                        Narrow.Put_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Narrow_Agent;
   begin
      Narrow.Put (1);
   exception
      when Tasking_Error =>
         Put_Line ("narrow not activated");
   end;
   Put_Line ("PASSED");
end Main;
