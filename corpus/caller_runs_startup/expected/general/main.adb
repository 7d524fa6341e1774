--  Servers that do work when they are activated and before their loop:
--  initial values computed from a global and a function, a Time and an
--  Unbounded_String, start-up statements that print.  The caller-runs
--  scheme does that work where the task was activated (a declaration placed
--  last in the declarative part), before anyone can take the server's turn.
--  An initial value that raises makes the activation fail: Tasking_Error in
--  the activator, before its first statement (RM 9.2).  Start-up code that
--  raises ends the server silently: later calls raise Tasking_Error.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Real_Time; use Ada.Real_Time;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
procedure Main is
   Base : Integer := 10;
   Zero : Integer := 0;

   function Twice (X : Integer) return Integer is
   begin
      Put_Line ("twice" & Integer'Image (X));
      return X * 2;
   end Twice;

   procedure Run is
      type Journal_Entry is (Journal_No_Entry, Journal_Put, Journal_Total);
      type Journal_Put_S_Access is access String;
      procedure Free_Put_S is new Ada.Unchecked_Deallocation
        (String,
         Journal_Put_S_Access);
      type Journal_Alternative is record
         Id : Journal_Entry := Journal_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Journal_Alternative_List is array (Positive range <>) of Journal_Alternative;
      --  rdv2po: task Journal became this protected object; its code runs in
      --  the task Journal_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Journal is
         entry Put (S : String);
         entry Total (N : out Integer);
         --  rdv2po: the rendezvous protocol, for Journal_Agent
         entry Select_Arm
           (Order : Journal_Alternative_List;
            Chosen_Position : out Natural);
         entry Put_Held (S : String);
         procedure Put_Woken (S : in String);
         procedure Put_Take;
         function Put_S_Value return String;
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue (S : in String);
         entry Total_Held (N : out Integer);
         procedure Total_Woken (N : in Integer);
         procedure Total_Take (N : out Integer);
         procedure Total_Accept_End (N : in Integer);
         procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Total_Queue (N : out Integer);
         procedure Close;
      private
         entry Select_Wait
           (Order : Journal_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Journal_Alternative);
         function Queued (Alternative : Journal_Alternative) return Boolean;
         function Position_Of (Alternative : Journal_Alternative) return Natural;
         Armed_List : Journal_Alternative_List (1 .. 2);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Journal_Entry := Journal_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Boolean := False;
         Put_S : Journal_Put_S_Access;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
         Total_Armed : Boolean := False;
         Total_N : Integer;
         Total_Done : Boolean := False;
         Total_Raised : Boolean := False;
         Total_Failure : Ada.Exceptions.Exception_Occurrence;
      end Journal;
      task Journal_Agent is
         --  rdv2po: general scheme agent of Journal
         entry Wake_1 (Positive range 1 .. 2) (Value_1 : in String);
         entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
      end Journal_Agent;

      protected body Journal is

         entry Put (S : String)
           when Closed
             or else (Chosen = Journal_No_Entry
                      and then Put_Armed
                      and then Put_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Journal_Agent.Wake_1
                 (Position_Of ((Id => Journal_Put, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Journal_Put, Index => 0));
            Put_Woken (S);
            requeue Put_Queue;
         end Put;

         entry Put_Held (S : String)
           when Closed or else (Chosen = Journal_No_Entry and then Put_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Journal_Put, Index => 0));
            Put_Woken (S);
            requeue Put_Queue;
         end Put_Held;

         entry Total (N : out Integer)
           when Closed
             or else (Chosen = Journal_No_Entry
                      and then Total_Armed
                      and then Total_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Journal_Agent.Wake_2
                 (Position_Of ((Id => Journal_Total, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Journal_Total, Index => 0));
            Total_Woken (N);
            requeue Total_Queue;
         end Total;

         entry Total_Held (N : out Integer)
           when Closed or else (Chosen = Journal_No_Entry and then Total_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Journal_Total, Index => 0));
            Total_Woken (N);
            requeue Total_Queue;
         end Total_Held;

         entry Select_Arm
           (Order : Journal_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Journal_No_Entry then
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
           (Order : Journal_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Journal_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := False;
            Total_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Journal_Alternative) is
         begin
            case Alternative.Id is
               when Journal_Put =>
                  Put_Armed := True;
               when Journal_Total =>
                  Total_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Journal_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Journal_Put =>
                  return Journal.Put'Count + Put_Held'Count > 0;
               when Journal_Total =>
                  return Journal.Total'Count + Total_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Journal_Alternative) return Natural is
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
            Chosen := Journal_No_Entry;
         end Put_Take;

         procedure Put_Woken (S : in String) is
         begin
            Disarm;
            Chosen := Journal_Put;
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

         procedure Total_Take (N : out Integer) is
         begin
            N := Total_N;
            Chosen := Journal_No_Entry;
         end Total_Take;

         procedure Total_Woken (N : in Integer) is
         begin
            Disarm;
            Chosen := Journal_Total;
            Total_N := N;
            Total_Done := False;
         end Total_Woken;

         procedure Total_Accept_End (N : in Integer) is
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

         entry Total_Queue (N : out Integer)
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
      end Journal;

      task body Journal_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Journal_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Journal_Closer);
         overriding procedure Finalize (Object : in out Journal_Closer) is
         begin
            Journal.Close;
         end Finalize;
         Closer : Journal_Closer;
         Started : Time := Clock;
         Count : Integer := Twice (Base);
         Text : Unbounded_String := To_Unbounded_String ("<");
         Period : Time_Span := Milliseconds (5) * 2;
         Lines : Natural := 0;
      begin
         Put_Line ("journal starts at" & Integer'Image (Count));
         Count := Count + 1;
         loop
            declare
               Alternatives : constant Journal_Alternative_List :=
                 (1 => (Journal_Put, 0),
                  2 => (Journal_Total, 0));
               Choice : Natural;
            begin
               Journal.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        Journal.Put_Woken (Value_1);
                        requeue Journal.Put_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        Journal.Total_Woken (Value_1);
                        requeue Journal.Total_Queue;
                     end Wake_2;
                     Choice := 2;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in String) do
                           requeue Journal.Put_Held with abort;
                        end Wake_1;
                     or
                        accept Wake_2 (2) (Value_1 : out Integer) do
                           requeue Journal.Total_Held with abort;
                        end Wake_2;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     begin
                        Journal.Put_Take;
                        declare
                           S : constant String := Journal.Put_S_Value;
                        begin
                           begin
                              Append (Text, S);
                           exception
                              when Occurrence : others =>
                                 Journal.Put_Failed (Occurrence);
                                 raise;
                           end;
                           Journal.Put_Accept_End;
                        end;
                     end;
                     Lines := Lines + 1;
                     Put_Line (To_String (Text) & Natural'Image (Lines));
                  when 2 =>
                     declare
                        N : Integer;
                     begin
                        Journal.Total_Take (N);
                        begin
                           N := Count + Length (Text)
                             + (if Clock - Started < Period * 1000 then 0 else 1000);
                        exception
                           when Occurrence : others =>
                              Journal.Total_Failed (Occurrence);
                              raise;
                        end;
                        Journal.Total_Accept_End (N);
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Journal_Agent;

      N : Integer;
   begin
      Base := 20;            --  after the activation: Count saw 10
      Journal.Put ("a");
      Journal.Put ("b");
      Journal.Total (N);
      Put_Line ("total" & Integer'Image (N));
   end Run;

   procedure Fail_At_Activation is
      type Broken_Entry is (Broken_No_Entry, Broken_Put);
      type Broken_Alternative is record
         Id : Broken_Entry := Broken_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Broken_Alternative_List is array (Positive range <>) of Broken_Alternative;
      --  rdv2po: task Broken became this protected object; its code runs in
      --  the task Broken_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Broken is
         entry Put (V : Integer);
         --  rdv2po: the rendezvous protocol, for Broken_Agent
         entry Select_Arm
           (Order : Broken_Alternative_List;
            Chosen_Position : out Natural);
         entry Put_Held (V : Integer);
         procedure Put_Woken (V : in Integer);
         procedure Put_Take (V : out Integer);
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue (V : in Integer);
         procedure Close;
      private
         entry Select_Wait
           (Order : Broken_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Broken_Alternative);
         function Queued (Alternative : Broken_Alternative) return Boolean;
         function Position_Of (Alternative : Broken_Alternative) return Natural;
         Armed_List : Broken_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Broken_Entry := Broken_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Boolean := False;
         Put_V : Integer;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Broken;
      task Broken_Agent is
         --  rdv2po: general scheme agent of Broken
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Broken_Agent;

      protected body Broken is

         entry Put (V : Integer)
           when Closed
             or else (Chosen = Broken_No_Entry
                      and then Put_Armed
                      and then Put_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Broken_Agent.Wake_1
                 (Position_Of ((Id => Broken_Put, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Broken_Put, Index => 0));
            Put_Woken (V);
            requeue Put_Queue;
         end Put;

         entry Put_Held (V : Integer)
           when Closed or else (Chosen = Broken_No_Entry and then Put_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Broken_Put, Index => 0));
            Put_Woken (V);
            requeue Put_Queue;
         end Put_Held;

         entry Select_Arm
           (Order : Broken_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Broken_No_Entry then
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
           (Order : Broken_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Broken_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Broken_Alternative) is
         begin
            case Alternative.Id is
               when Broken_Put =>
                  Put_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Broken_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Broken_Put =>
                  return Broken.Put'Count + Put_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Broken_Alternative) return Natural is
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
            Chosen := Broken_No_Entry;
         end Put_Take;

         procedure Put_Woken (V : in Integer) is
         begin
            Disarm;
            Chosen := Broken_Put;
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

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Broken;

      task body Broken_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Broken_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Broken_Closer);
         overriding procedure Finalize (Object : in out Broken_Closer) is
         begin
            Broken.Close;
         end Finalize;
         Closer : Broken_Closer;
         Divisor : Positive := Zero;   --  raises Constraint_Error at activation
      begin
         loop
            declare
               Alternatives : constant Broken_Alternative_List :=
                 (1 => (Broken_Put, 0));
               Choice : Natural;
            begin
               Broken.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Broken.Put_Woken (Value_1);
                        requeue Broken.Put_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Broken.Put_Held with abort;
                        end Wake_1;
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
                        Broken.Put_Take (V);
                        begin
                           Put_Line (Integer'Image (V / Divisor));
                        exception
                           when Occurrence : others =>
                              Broken.Put_Failed (Occurrence);
                              raise;
                        end;
                        Broken.Put_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Broken_Agent;
   begin
      Put_Line ("not reached");
      Broken.Put (1);
   exception
      when Tasking_Error =>
         Put_Line ("activation failed: Tasking_Error");
         begin
            Broken.Put (2);
         exception
            when Tasking_Error => Put_Line ("later call: Tasking_Error");
         end;
   end Fail_At_Activation;

   procedure Fail_At_Start is
      type Dies_Entry is (Dies_No_Entry, Dies_Put);
      type Dies_Alternative is record
         Id : Dies_Entry := Dies_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Dies_Alternative_List is array (Positive range <>) of Dies_Alternative;
      --  rdv2po: task Dies became this protected object; its code runs in the
      --  task Dies_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Dies is
         entry Put (V : Integer);
         --  rdv2po: the rendezvous protocol, for Dies_Agent
         entry Select_Arm
           (Order : Dies_Alternative_List;
            Chosen_Position : out Natural);
         entry Put_Held (V : Integer);
         procedure Put_Woken (V : in Integer);
         procedure Put_Take (V : out Integer);
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue (V : in Integer);
         procedure Close;
      private
         entry Select_Wait
           (Order : Dies_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Dies_Alternative);
         function Queued (Alternative : Dies_Alternative) return Boolean;
         function Position_Of (Alternative : Dies_Alternative) return Natural;
         Armed_List : Dies_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Dies_Entry := Dies_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Boolean := False;
         Put_V : Integer;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Dies;
      task Dies_Agent is
         --  rdv2po: general scheme agent of Dies
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Dies_Agent;

      protected body Dies is

         entry Put (V : Integer)
           when Closed
             or else (Chosen = Dies_No_Entry
                      and then Put_Armed
                      and then Put_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Dies_Agent.Wake_1
                 (Position_Of ((Id => Dies_Put, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Dies_Put, Index => 0));
            Put_Woken (V);
            requeue Put_Queue;
         end Put;

         entry Put_Held (V : Integer)
           when Closed or else (Chosen = Dies_No_Entry and then Put_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Dies_Put, Index => 0));
            Put_Woken (V);
            requeue Put_Queue;
         end Put_Held;

         entry Select_Arm
           (Order : Dies_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Dies_No_Entry then
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
           (Order : Dies_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Dies_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Dies_Alternative) is
         begin
            case Alternative.Id is
               when Dies_Put =>
                  Put_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Dies_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Dies_Put =>
                  return Dies.Put'Count + Put_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Dies_Alternative) return Natural is
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
            Chosen := Dies_No_Entry;
         end Put_Take;

         procedure Put_Woken (V : in Integer) is
         begin
            Disarm;
            Chosen := Dies_Put;
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

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Dies;

      task body Dies_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Dies_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Dies_Closer);
         overriding procedure Finalize (Object : in out Dies_Closer) is
         begin
            Dies.Close;
         end Finalize;
         Closer : Dies_Closer;
         Scale : Integer := 1;
      begin
         Scale := Scale / Zero;        --  ends the task silently
         loop
            declare
               Alternatives : constant Dies_Alternative_List :=
                 (1 => (Dies_Put, 0));
               Choice : Natural;
            begin
               Dies.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Dies.Put_Woken (Value_1);
                        requeue Dies.Put_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Dies.Put_Held with abort;
                        end Wake_1;
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
                        Dies.Put_Take (V);
                        begin
                           Put_Line (Integer'Image (V * Scale));
                        exception
                           when Occurrence : others =>
                              Dies.Put_Failed (Occurrence);
                              raise;
                        end;
                        Dies.Put_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Dies_Agent;
   begin
      Dies.Put (1);
      Put_Line ("call accepted");
   exception
      when Tasking_Error => Put_Line ("call after a failed start: Tasking_Error");
   end Fail_At_Start;
begin
   Run;
   Fail_At_Activation;
   Fail_At_Start;
   Put_Line ("PASSED");
end Main;
