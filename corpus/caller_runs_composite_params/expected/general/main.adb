with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Pair is record
      A, B : Integer := 0;
   end record;

   Bad : exception;

   --  Assigns its in out record and its out record last: nothing can raise after,
   --  and the callers pass variables of Main named only by Main's statements.
   type Swapper_Entry is (Swapper_No_Entry, Swapper_Swap, Swapper_Get);
   type Swapper_Alternative is record
      Id : Swapper_Entry := Swapper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Swapper_Alternative_List is array (Positive range <>) of Swapper_Alternative;
   --  rdv2po: task Swapper became this protected object; its code runs in the
   --  task Swapper_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Swapper is
      entry Swap (P : in out Pair);
      entry Get (P : out Pair);
      --  rdv2po: the rendezvous protocol, for Swapper_Agent
      entry Select_Arm
        (Order : Swapper_Alternative_List;
         Chosen_Position : out Natural);
      entry Swap_Held (P : in out Pair);
      procedure Swap_Woken (P : in Pair);
      procedure Swap_Take (P : out Pair);
      procedure Swap_Accept_End (P : in Pair);
      procedure Swap_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         P : in Pair);
      entry Swap_Queue (P : in out Pair);
      entry Get_Held (P : out Pair);
      procedure Get_Woken (P : in Pair);
      procedure Get_Take (P : out Pair);
      procedure Get_Accept_End (P : in Pair);
      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         P : in Pair);
      entry Get_Queue (P : out Pair);
      procedure Close;
   private
      entry Select_Wait
        (Order : Swapper_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Swapper_Alternative);
      function Queued (Alternative : Swapper_Alternative) return Boolean;
      function Position_Of (Alternative : Swapper_Alternative) return Natural;
      Armed_List : Swapper_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Swapper_Entry := Swapper_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Swap_Armed : Boolean := False;
      Swap_P : Pair;
      Swap_Done : Boolean := False;
      Swap_Raised : Boolean := False;
      Swap_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_P : Pair;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Swapper;
   task Swapper_Agent is
      --  rdv2po: general scheme agent of Swapper
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in out Pair);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Pair);
   end Swapper_Agent;

   protected body Swapper is

      entry Swap (P : in out Pair)
        when Closed
          or else (Chosen = Swapper_No_Entry
                   and then Swap_Armed
                   and then Swap_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Swapper_Agent.Wake_1
              (Position_Of ((Id => Swapper_Swap, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Swapper_Swap, Index => 0));
         Swap_Woken (P);
         requeue Swap_Queue;
      end Swap;

      entry Swap_Held (P : in out Pair)
        when Closed or else (Chosen = Swapper_No_Entry and then Swap_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Swapper_Swap, Index => 0));
         Swap_Woken (P);
         requeue Swap_Queue;
      end Swap_Held;

      entry Get (P : out Pair)
        when Closed
          or else (Chosen = Swapper_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Swapper_Agent.Wake_2
              (Position_Of ((Id => Swapper_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Swapper_Get, Index => 0));
         Get_Woken (P);
         requeue Get_Queue;
      end Get;

      entry Get_Held (P : out Pair)
        when Closed or else (Chosen = Swapper_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Swapper_Get, Index => 0));
         Get_Woken (P);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Swapper_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Swapper_No_Entry then
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
        (Order : Swapper_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Swapper_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Swap_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Swapper_Alternative) is
      begin
         case Alternative.Id is
            when Swapper_Swap =>
               Swap_Armed := True;
            when Swapper_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Swapper_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Swapper_Swap =>
               return Swapper.Swap'Count + Swap_Held'Count > 0;
            when Swapper_Get =>
               return Swapper.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Swapper_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Swap_Take (P : out Pair) is
      begin
         P := Swap_P;
         Chosen := Swapper_No_Entry;
      end Swap_Take;

      procedure Swap_Woken (P : in Pair) is
      begin
         Disarm;
         Chosen := Swapper_Swap;
         Swap_P := P;
         Swap_Done := False;
      end Swap_Woken;

      procedure Swap_Accept_End (P : in Pair) is
      begin
         Swap_P := P;
         Swap_Done := True;
      end Swap_Accept_End;

      procedure Swap_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         P : in Pair) is
      begin
         Swap_P := P;
         Ada.Exceptions.Save_Occurrence (Swap_Failure, Occurrence);
         Swap_Raised := True;
         Swap_Done := True;
      end Swap_Failed;

      entry Swap_Queue (P : in out Pair)
        when Swap_Done or else Closed is
      begin
         if not Swap_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Swap_Done := False;
         if Swap_Raised then
            Swap_Raised := False;
            P := Swap_P;
            Ada.Exceptions.Reraise_Occurrence (Swap_Failure);
         end if;
         P := Swap_P;
      end Swap_Queue;

      procedure Get_Take (P : out Pair) is
      begin
         P := Get_P;
         Chosen := Swapper_No_Entry;
      end Get_Take;

      procedure Get_Woken (P : in Pair) is
      begin
         Disarm;
         Chosen := Swapper_Get;
         Get_P := P;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (P : in Pair) is
      begin
         Get_P := P;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         P : in Pair) is
      begin
         Get_P := P;
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (P : out Pair)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            P := Get_P;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         P := Get_P;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Swapper;

   task body Swapper_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Swapper_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Swapper_Closer);
      overriding procedure Finalize (Object : in out Swapper_Closer) is
      begin
         Swapper.Close;
      end Finalize;
      Closer : Swapper_Closer;
      Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Swapper_Alternative_List :=
              (1 => (Swapper_Swap, 0),
               2 => (Swapper_Get, 0));
            Choice : Natural;
         begin
            Swapper.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in out Pair) do
                     Swapper.Swap_Woken (Value_1);
                     requeue Swapper.Swap_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Pair) do
                     Swapper.Get_Woken (Value_1);
                     requeue Swapper.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in out Pair) do
                        requeue Swapper.Swap_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Pair) do
                        requeue Swapper.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     P : Pair;
                  begin
                     Swapper.Swap_Take (P);
                     begin
                        Put_Line ("swap" & Integer'Image (P.A) & Integer'Image (P.B));
                        P := (P.B, P.A);
                     exception
                        when Occurrence : others =>
                           Swapper.Swap_Failed (Occurrence, P);
                           raise;
                     end;
                     Swapper.Swap_Accept_End (P);
                  end;
                  Count := Count + 1;
               when 2 =>
                  declare
                     P : Pair;
                  begin
                     Swapper.Get_Take (P);
                     begin
                        Put_Line ("get after" & Natural'Image (Count));
                        P := (Count, 2 * Count);
                     exception
                        when Occurrence : others =>
                           Swapper.Get_Failed (Occurrence, P);
                           raise;
                     end;
                     Swapper.Get_Accept_End (P);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Swapper_Agent;

   --  Assigns a component, then may raise: the entry's caller keeps the assignment.
   type Bumper_Entry is (Bumper_No_Entry, Bumper_Bump);
   type Bumper_Alternative is record
      Id : Bumper_Entry := Bumper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Bumper_Alternative_List is array (Positive range <>) of Bumper_Alternative;
   --  rdv2po: task Bumper became this protected object; its code runs in the
   --  task Bumper_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Bumper is
      entry Bump (P : in out Pair);
      --  rdv2po: the rendezvous protocol, for Bumper_Agent
      entry Select_Arm
        (Order : Bumper_Alternative_List;
         Chosen_Position : out Natural);
      entry Bump_Held (P : in out Pair);
      procedure Bump_Woken (P : in Pair);
      procedure Bump_Take (P : out Pair);
      procedure Bump_Accept_End (P : in Pair);
      procedure Bump_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         P : in Pair);
      entry Bump_Queue (P : in out Pair);
      procedure Close;
   private
      entry Select_Wait
        (Order : Bumper_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Bumper_Alternative);
      function Queued (Alternative : Bumper_Alternative) return Boolean;
      function Position_Of (Alternative : Bumper_Alternative) return Natural;
      Armed_List : Bumper_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Bumper_Entry := Bumper_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Bump_Armed : Boolean := False;
      Bump_P : Pair;
      Bump_Done : Boolean := False;
      Bump_Raised : Boolean := False;
      Bump_Failure : Ada.Exceptions.Exception_Occurrence;
   end Bumper;
   task Bumper_Agent is
      --  rdv2po: general scheme agent of Bumper
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in out Pair);
   end Bumper_Agent;

   protected body Bumper is

      entry Bump (P : in out Pair)
        when Closed
          or else (Chosen = Bumper_No_Entry
                   and then Bump_Armed
                   and then Bump_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Bumper_Agent.Wake_1
              (Position_Of ((Id => Bumper_Bump, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Bumper_Bump, Index => 0));
         Bump_Woken (P);
         requeue Bump_Queue;
      end Bump;

      entry Bump_Held (P : in out Pair)
        when Closed or else (Chosen = Bumper_No_Entry and then Bump_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Bumper_Bump, Index => 0));
         Bump_Woken (P);
         requeue Bump_Queue;
      end Bump_Held;

      entry Select_Arm
        (Order : Bumper_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Bumper_No_Entry then
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
        (Order : Bumper_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Bumper_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Bump_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Bumper_Alternative) is
      begin
         case Alternative.Id is
            when Bumper_Bump =>
               Bump_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Bumper_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Bumper_Bump =>
               return Bumper.Bump'Count + Bump_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Bumper_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Bump_Take (P : out Pair) is
      begin
         P := Bump_P;
         Chosen := Bumper_No_Entry;
      end Bump_Take;

      procedure Bump_Woken (P : in Pair) is
      begin
         Disarm;
         Chosen := Bumper_Bump;
         Bump_P := P;
         Bump_Done := False;
      end Bump_Woken;

      procedure Bump_Accept_End (P : in Pair) is
      begin
         Bump_P := P;
         Bump_Done := True;
      end Bump_Accept_End;

      procedure Bump_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         P : in Pair) is
      begin
         Bump_P := P;
         Ada.Exceptions.Save_Occurrence (Bump_Failure, Occurrence);
         Bump_Raised := True;
         Bump_Done := True;
      end Bump_Failed;

      entry Bump_Queue (P : in out Pair)
        when Bump_Done or else Closed is
      begin
         if not Bump_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Bump_Done := False;
         if Bump_Raised then
            Bump_Raised := False;
            P := Bump_P;
            Ada.Exceptions.Reraise_Occurrence (Bump_Failure);
         end if;
         P := Bump_P;
      end Bump_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Bumper;

   task body Bumper_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Bumper_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Bumper_Closer);
      overriding procedure Finalize (Object : in out Bumper_Closer) is
      begin
         Bumper.Close;
      end Finalize;
      Closer : Bumper_Closer;
   begin
      loop
         declare
            Alternatives : constant Bumper_Alternative_List :=
              (1 => (Bumper_Bump, 0));
            Choice : Natural;
         begin
            Bumper.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in out Pair) do
                     Bumper.Bump_Woken (Value_1);
                     requeue Bumper.Bump_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in out Pair) do
                        requeue Bumper.Bump_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     P : Pair;
                  begin
                     Bumper.Bump_Take (P);
                     begin
                        P.A := P.A + 10;
                        Put_Line ("bump");
                        if P.A > 15 then
                           raise Bad;
                        end if;
                     exception
                        when Occurrence : others =>
                           Bumper.Bump_Failed (Occurrence, P);
                           raise;
                     end;
                     Bumper.Bump_Accept_End (P);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Bumper_Agent;

   --  Called with one object for both formals: the entry's formals denote it once
   --  (were X read after Sum was written, a copy of Sum would not show it).
   task Adder is
      entry Add (X : Pair; Sum : in out Pair);
   end Adder;

   task body Adder is
   begin
      loop
         select
            accept Add (X : Pair; Sum : in out Pair) do
               Put_Line ("add");
               Sum.A := Sum.A + X.B;
            end Add;
         or
            terminate;
         end select;
      end loop;
   end Adder;

   --  Its actual is read by a procedure the server calls after the accept: the
   --  entry's caller had the new value then, a procedure's copy comes back later.
   type Marker_Entry is (Marker_No_Entry, Marker_Mark, Marker_Done);
   type Marker_Alternative is record
      Id : Marker_Entry := Marker_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Marker_Alternative_List is array (Positive range <>) of Marker_Alternative;
   --  rdv2po: task Marker became this protected object; its code runs in the
   --  task Marker_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Marker is
      entry Mark (P : in out Pair);
      entry Done;
      --  rdv2po: the rendezvous protocol, for Marker_Agent
      entry Select_Arm
        (Order : Marker_Alternative_List;
         Chosen_Position : out Natural);
      entry Mark_Held (P : in out Pair);
      procedure Mark_Woken (P : in Pair);
      procedure Mark_Take (P : out Pair);
      procedure Mark_Accept_End (P : in Pair);
      procedure Mark_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         P : in Pair);
      entry Mark_Queue (P : in out Pair);
      entry Done_Held;
      procedure Done_Woken;
      procedure Done_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Marker_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Marker_Alternative);
      function Queued (Alternative : Marker_Alternative) return Boolean;
      function Position_Of (Alternative : Marker_Alternative) return Natural;
      Armed_List : Marker_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Marker_Entry := Marker_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Mark_Armed : Boolean := False;
      Mark_P : Pair;
      Mark_Done : Boolean := False;
      Mark_Raised : Boolean := False;
      Mark_Failure : Ada.Exceptions.Exception_Occurrence;
      Done_Armed : Boolean := False;
   end Marker;
   task Marker_Agent is
      --  rdv2po: general scheme agent of Marker
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in out Pair);
      entry Wake_2 (Positive range 1 .. 2);
   end Marker_Agent;

   Shown : Pair := (1, 2);

   procedure Show is
   begin
      Put_Line ("shown" & Integer'Image (Shown.A));
   end Show;

   protected body Marker is

      entry Mark (P : in out Pair)
        when Closed
          or else (Chosen = Marker_No_Entry
                   and then Mark_Armed
                   and then Mark_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Marker_Agent.Wake_1
              (Position_Of ((Id => Marker_Mark, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Marker_Mark, Index => 0));
         Mark_Woken (P);
         requeue Mark_Queue;
      end Mark;

      entry Mark_Held (P : in out Pair)
        when Closed or else (Chosen = Marker_No_Entry and then Mark_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Marker_Mark, Index => 0));
         Mark_Woken (P);
         requeue Mark_Queue;
      end Mark_Held;

      entry Done
        when Closed
          or else (Chosen = Marker_No_Entry
                   and then Done_Armed
                   and then Done_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Marker_Agent.Wake_2
              (Position_Of ((Id => Marker_Done, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Marker_Done, Index => 0));
         Done_Woken;
      end Done;

      entry Done_Held
        when Closed or else (Chosen = Marker_No_Entry and then Done_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Marker_Done, Index => 0));
         Done_Woken;
      end Done_Held;

      entry Select_Arm
        (Order : Marker_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Marker_No_Entry then
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
        (Order : Marker_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Marker_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Mark_Armed := False;
         Done_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Marker_Alternative) is
      begin
         case Alternative.Id is
            when Marker_Mark =>
               Mark_Armed := True;
            when Marker_Done =>
               Done_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Marker_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Marker_Mark =>
               return Marker.Mark'Count + Mark_Held'Count > 0;
            when Marker_Done =>
               return Marker.Done'Count + Done_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Marker_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Mark_Take (P : out Pair) is
      begin
         P := Mark_P;
         Chosen := Marker_No_Entry;
      end Mark_Take;

      procedure Mark_Woken (P : in Pair) is
      begin
         Disarm;
         Chosen := Marker_Mark;
         Mark_P := P;
         Mark_Done := False;
      end Mark_Woken;

      procedure Mark_Accept_End (P : in Pair) is
      begin
         Mark_P := P;
         Mark_Done := True;
      end Mark_Accept_End;

      procedure Mark_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         P : in Pair) is
      begin
         Mark_P := P;
         Ada.Exceptions.Save_Occurrence (Mark_Failure, Occurrence);
         Mark_Raised := True;
         Mark_Done := True;
      end Mark_Failed;

      entry Mark_Queue (P : in out Pair)
        when Mark_Done or else Closed is
      begin
         if not Mark_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Mark_Done := False;
         if Mark_Raised then
            Mark_Raised := False;
            P := Mark_P;
            Ada.Exceptions.Reraise_Occurrence (Mark_Failure);
         end if;
         P := Mark_P;
      end Mark_Queue;

      procedure Done_Take is
      begin
         Chosen := Marker_No_Entry;
      end Done_Take;

      procedure Done_Woken is
      begin
         Disarm;
         Chosen := Marker_Done;
      end Done_Woken;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Marker;

   task body Marker_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Marker_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Marker_Closer);
      overriding procedure Finalize (Object : in out Marker_Closer) is
      begin
         Marker.Close;
      end Finalize;
      Closer : Marker_Closer;
   begin
      loop
         declare
            Alternatives : constant Marker_Alternative_List :=
              (1 => (Marker_Mark, 0),
               2 => (Marker_Done, 0));
            Choice : Natural;
         begin
            Marker.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in out Pair) do
                     Marker.Mark_Woken (Value_1);
                     requeue Marker.Mark_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) do
                     Marker.Done_Woken;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in out Pair) do
                        requeue Marker.Mark_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) do
                        requeue Marker.Done_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     P : Pair;
                  begin
                     Marker.Mark_Take (P);
                     begin
                        P.A := 7;
                     exception
                        when Occurrence : others =>
                           Marker.Mark_Failed (Occurrence, P);
                           raise;
                     end;
                     Marker.Mark_Accept_End (P);
                  end;
                  Show;
               when 2 =>
                  Marker.Done_Take;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Marker_Agent;

   Q : Pair := (1, 2);
   R : Pair;
   S : Pair := (1, 2);
begin
   Swapper.Swap (Q);
   Put_Line ("swapped" & Integer'Image (Q.A) & Integer'Image (Q.B));
   Swapper.Get (R);
   Put_Line ("got" & Integer'Image (R.A) & Integer'Image (R.B));
   Bumper.Bump (S);
   begin
      Bumper.Bump (S);
   exception
      when Bad => Put_Line ("bad" & Integer'Image (S.A));
   end;
   Adder.Add (Q, Q);
   Put_Line ("added" & Integer'Image (Q.A) & Integer'Image (Q.B));
   Marker.Mark (Shown);
   Marker.Done;  --  Marker has shown once it takes this call
   Put_Line ("PASSED");
end Main;
