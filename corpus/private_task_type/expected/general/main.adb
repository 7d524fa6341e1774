--  Task types completing private types: GNAT's cross references list such a
--  type only at its partial view ("type Cell is limited private"), so the
--  task type declaration itself had no entity and its objects could not be
--  followed.  Cell's objects are only called: it translates.  Gauge's object
--  is examined with 'Size, which a protected object would answer with its
--  own size: it is refused for that.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Cells is
      type Cell is limited private;
      procedure Store (C : in out Cell; X : Integer);
      function Fetch (C : in out Cell) return Integer;
      function Shared_Total return Integer;
   private
      type Cell_Entry is (Cell_No_Entry, Cell_Put, Cell_Get);
      type Cell_Alternative is record
         Id : Cell_Entry := Cell_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Cell_Alternative_List is array (Positive range <>) of Cell_Alternative;
      task type Cell_Agent (Self : not null access Cell) is
         --  rdv2po: general scheme agent of Cell
         entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
         entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
      end Cell_Agent;
      --  rdv2po: task type Cell became this protected type; its code runs in
      --  Cell_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Cell is
         entry Put (X : Integer);
         entry Get (X : out Integer);
         --  rdv2po: the rendezvous protocol, for Cell_Agent
         entry Select_Arm
           (Order : Cell_Alternative_List;
            Chosen_Position : out Natural);
         entry Put_Held (X : Integer);
         procedure Put_Woken (X : in Integer);
         procedure Put_Take (X : out Integer);
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue (X : in Integer);
         entry Get_Held (X : out Integer);
         procedure Get_Woken (X : in Integer);
         procedure Get_Take (X : out Integer);
         procedure Get_Accept_End (X : in Integer);
         procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Get_Queue (X : out Integer);
         procedure Close;
      private
         entry Select_Wait
           (Order : Cell_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Cell_Alternative);
         function Queued (Alternative : Cell_Alternative) return Boolean;
         function Position_Of (Alternative : Cell_Alternative) return Natural;
         Armed_List : Cell_Alternative_List (1 .. 2);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Cell_Entry := Cell_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Boolean := False;
         Put_X : Integer;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
         Get_Armed : Boolean := False;
         Get_X : Integer;
         Get_Done : Boolean := False;
         Get_Raised : Boolean := False;
         Get_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Cell_Agent (Self => Cell'Unchecked_Access);
      end Cell;
   end Cells;

   package body Cells is
      Shared : Cell;

      protected body Cell is

         entry Put (X : Integer)
           when Closed
             or else (Chosen = Cell_No_Entry
                      and then Put_Armed
                      and then Put_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Agent.Wake_1
                 (Position_Of ((Id => Cell_Put, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Cell_Put, Index => 0));
            Put_Woken (X);
            requeue Put_Queue;
         end Put;

         entry Put_Held (X : Integer)
           when Closed or else (Chosen = Cell_No_Entry and then Put_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Cell_Put, Index => 0));
            Put_Woken (X);
            requeue Put_Queue;
         end Put_Held;

         entry Get (X : out Integer)
           when Closed
             or else (Chosen = Cell_No_Entry
                      and then Get_Armed
                      and then Get_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Agent.Wake_2
                 (Position_Of ((Id => Cell_Get, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Cell_Get, Index => 0));
            Get_Woken (X);
            requeue Get_Queue;
         end Get;

         entry Get_Held (X : out Integer)
           when Closed or else (Chosen = Cell_No_Entry and then Get_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Cell_Get, Index => 0));
            Get_Woken (X);
            requeue Get_Queue;
         end Get_Held;

         entry Select_Arm
           (Order : Cell_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Cell_No_Entry then
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
           (Order : Cell_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Cell_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := False;
            Get_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Cell_Alternative) is
         begin
            case Alternative.Id is
               when Cell_Put =>
                  Put_Armed := True;
               when Cell_Get =>
                  Get_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Cell_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Cell_Put =>
                  return Cell.Put'Count + Put_Held'Count > 0;
               when Cell_Get =>
                  return Cell.Get'Count + Get_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Cell_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Put_Take (X : out Integer) is
         begin
            X := Put_X;
            Chosen := Cell_No_Entry;
         end Put_Take;

         procedure Put_Woken (X : in Integer) is
         begin
            Disarm;
            Chosen := Cell_Put;
            Put_X := X;
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

         entry Put_Queue (X : in Integer)
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

         procedure Get_Take (X : out Integer) is
         begin
            X := Get_X;
            Chosen := Cell_No_Entry;
         end Get_Take;

         procedure Get_Woken (X : in Integer) is
         begin
            Disarm;
            Chosen := Cell_Get;
            Get_X := X;
            Get_Done := False;
         end Get_Woken;

         procedure Get_Accept_End (X : in Integer) is
         begin
            Get_X := X;
            Get_Done := True;
         end Get_Accept_End;

         procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
            Get_Raised := True;
            Get_Done := True;
         end Get_Failed;

         entry Get_Queue (X : out Integer)
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
            X := Get_X;
         end Get_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Cell;

      task body Cell_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Cell_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Cell_Closer);
         overriding procedure Finalize (Object : in out Cell_Closer) is
         begin
            Self.Close;
         end Finalize;
         Closer : Cell_Closer;
         V : Integer := 0;
      begin
         loop
            declare
               Alternatives : constant Cell_Alternative_List :=
                 (1 => (Cell_Put, 0),
                  2 => (Cell_Get, 0));
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
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        Self.Get_Woken (Value_1);
                        requeue Self.Get_Queue;
                     end Wake_2;
                     Choice := 2;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Self.Put_Held with abort;
                        end Wake_1;
                     or
                        accept Wake_2 (2) (Value_1 : out Integer) do
                           requeue Self.Get_Held with abort;
                        end Wake_2;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        X : Integer;
                     begin
                        Self.Put_Take (X);
                        begin
                           V := V + X;
                        exception
                           when Occurrence : others =>
                              Self.Put_Failed (Occurrence);
                              raise;
                        end;
                        Self.Put_Accept_End;
                     end;
                  when 2 =>
                     declare
                        X : Integer;
                     begin
                        Self.Get_Take (X);
                        begin
                           X := V;
                        exception
                           when Occurrence : others =>
                              Self.Get_Failed (Occurrence);
                              raise;
                        end;
                        Self.Get_Accept_End (X);
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Cell_Agent;

      procedure Store (C : in out Cell; X : Integer) is
      begin
         C.Put (X);
         Shared.Put (X);
      end Store;

      function Fetch (C : in out Cell) return Integer is
         X : Integer;
      begin
         C.Get (X);
         return X;
      end Fetch;

      function Shared_Total return Integer is
         X : Integer;
      begin
         Shared.Get (X);
         return X;
      end Shared_Total;
   end Cells;

   package Gauges is
      type Gauge is limited private;
      procedure Set (G : in out Gauge; X : Integer);
      function Bits (G : Gauge) return Natural;
   private
      type Gauge_Entry is (Gauge_No_Entry, Gauge_Set);
      type Gauge_Alternative is record
         Id : Gauge_Entry := Gauge_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Gauge_Alternative_List is array (Positive range <>) of Gauge_Alternative;
      task type Gauge_Agent (Self : not null access Gauge) is
         --  rdv2po: general scheme agent of Gauge
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Gauge_Agent;
      --  rdv2po: task type Gauge became this protected type; its code runs in
      --  Gauge_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Gauge is
         entry Set (X : Integer);
         --  rdv2po: the rendezvous protocol, for Gauge_Agent
         entry Select_Arm
           (Order : Gauge_Alternative_List;
            Chosen_Position : out Natural);
         entry Set_Held (X : Integer);
         procedure Set_Woken (X : in Integer);
         procedure Set_Take (X : out Integer);
         procedure Set_Accept_End;
         procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Set_Queue (X : in Integer);
         procedure Close;
      private
         entry Select_Wait
           (Order : Gauge_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Gauge_Alternative);
         function Queued (Alternative : Gauge_Alternative) return Boolean;
         function Position_Of (Alternative : Gauge_Alternative) return Natural;
         Armed_List : Gauge_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Gauge_Entry := Gauge_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Set_Armed : Boolean := False;
         Set_X : Integer;
         Set_Done : Boolean := False;
         Set_Raised : Boolean := False;
         Set_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Gauge_Agent (Self => Gauge'Unchecked_Access);
      end Gauge;
   end Gauges;

   package body Gauges is
      protected body Gauge is

         entry Set (X : Integer)
           when Closed
             or else (Chosen = Gauge_No_Entry
                      and then Set_Armed
                      and then Set_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Agent.Wake_1
                 (Position_Of ((Id => Gauge_Set, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Gauge_Set, Index => 0));
            Set_Woken (X);
            requeue Set_Queue;
         end Set;

         entry Set_Held (X : Integer)
           when Closed or else (Chosen = Gauge_No_Entry and then Set_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Gauge_Set, Index => 0));
            Set_Woken (X);
            requeue Set_Queue;
         end Set_Held;

         entry Select_Arm
           (Order : Gauge_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Gauge_No_Entry then
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
           (Order : Gauge_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Gauge_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Set_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Gauge_Alternative) is
         begin
            case Alternative.Id is
               when Gauge_Set =>
                  Set_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Gauge_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Gauge_Set =>
                  return Gauge.Set'Count + Set_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Gauge_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Set_Take (X : out Integer) is
         begin
            X := Set_X;
            Chosen := Gauge_No_Entry;
         end Set_Take;

         procedure Set_Woken (X : in Integer) is
         begin
            Disarm;
            Chosen := Gauge_Set;
            Set_X := X;
            Set_Done := False;
         end Set_Woken;

         procedure Set_Accept_End is
         begin
            Set_Done := True;
         end Set_Accept_End;

         procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Set_Failure, Occurrence);
            Set_Raised := True;
            Set_Done := True;
         end Set_Failed;

         entry Set_Queue (X : in Integer)
           when Set_Done or else Closed is
         begin
            if not Set_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Set_Done := False;
            if Set_Raised then
               Set_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Set_Failure);
            end if;
         end Set_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Gauge;

      task body Gauge_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Gauge_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Gauge_Closer);
         overriding procedure Finalize (Object : in out Gauge_Closer) is
         begin
            Self.Close;
         end Finalize;
         Closer : Gauge_Closer;
         Level : Integer := 0;
      begin
         loop
            declare
               Alternatives : constant Gauge_Alternative_List :=
                 (1 => (Gauge_Set, 0));
               Choice : Natural;
            begin
               Self.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Self.Set_Woken (Value_1);
                        requeue Self.Set_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Self.Set_Held with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        X : Integer;
                     begin
                        Self.Set_Take (X);
                        begin
                           Level := X;
                        exception
                           when Occurrence : others =>
                              Self.Set_Failed (Occurrence);
                              raise;
                        end;
                        Self.Set_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Gauge_Agent;

      procedure Set (G : in out Gauge; X : Integer) is
      begin
         G.Set (X);
      end Set;

      function Bits (G : Gauge) return Natural is
      begin
         return G'Size;
      end Bits;
   end Gauges;

   A, B : Cells.Cell;
   G : Gauges.Gauge;
begin
   for I in 1 .. 4 loop
      Cells.Store (A, I);
      Cells.Store (B, 10 * I);
   end loop;
   Gauges.Set (G, 7);
   Put_Line ("A =" & Integer'Image (Cells.Fetch (A)));
   Put_Line ("B =" & Integer'Image (Cells.Fetch (B)));
   Put_Line ("shared =" & Integer'Image (Cells.Shared_Total));
   Put_Line ("gauge has a size: " & Boolean'Image (Gauges.Bits (G) > 0));
   Put_Line ("PASSED");
end Main;
