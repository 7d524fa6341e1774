--  Servers whose loop is a block with exception handlers around the select,
--  taken by the caller-runs scheme.  An exception in an accept body reaches
--  the caller and the server's handler, after which the server's loop goes
--  on: the caller runs the handler, holding the server's turn, then sees
--  the exception.  An exception after the accept is the server's alone.
--  Counter's handlers count and print the failures; Keeper's handler takes
--  Constraint_Error only, ends its loop on the second, and an exception it
--  does not take reaches the task body's handler, which ends the server.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Exceptions; use Ada.Exceptions;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
procedure Main is
   Bad : exception;

   procedure Counting is
      type Counter_Entry is (Counter_No_Entry, Counter_Put, Counter_Report);
      type Counter_Alternative is record
         Id : Counter_Entry := Counter_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Counter_Alternative_List is array (Positive range <>) of Counter_Alternative;
      --  rdv2po: task Counter became this protected object; its code runs in
      --  the task Counter_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Counter is
         entry Put (N : Integer);
         entry Report;
         --  rdv2po: the rendezvous protocol, for Counter_Agent
         entry Select_Arm
           (Order : Counter_Alternative_List;
            Chosen_Position : out Natural);
         entry Put_Held (N : Integer);
         procedure Put_Woken (N : in Integer);
         procedure Put_Take (N : out Integer);
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue (N : in Integer);
         entry Report_Held;
         procedure Report_Woken;
         procedure Report_Take;
         procedure Report_Accept_End;
         procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Report_Queue;
         procedure Close;
      private
         entry Select_Wait
           (Order : Counter_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Counter_Alternative);
         function Queued (Alternative : Counter_Alternative) return Boolean;
         function Position_Of (Alternative : Counter_Alternative) return Natural;
         Armed_List : Counter_Alternative_List (1 .. 2);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Counter_Entry := Counter_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Boolean := False;
         Put_N : Integer;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
         Report_Armed : Boolean := False;
         Report_Done : Boolean := False;
         Report_Raised : Boolean := False;
         Report_Failure : Ada.Exceptions.Exception_Occurrence;
      end Counter;
      task Counter_Agent is
         --  rdv2po: general scheme agent of Counter
         entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
         entry Wake_2 (Positive range 1 .. 2);
      end Counter_Agent;

      protected body Counter is

         entry Put (N : Integer)
           when Closed
             or else (Chosen = Counter_No_Entry
                      and then Put_Armed
                      and then Put_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Counter_Agent.Wake_1
                 (Position_Of ((Id => Counter_Put, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Counter_Put, Index => 0));
            Put_Woken (N);
            requeue Put_Queue;
         end Put;

         entry Put_Held (N : Integer)
           when Closed or else (Chosen = Counter_No_Entry and then Put_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Counter_Put, Index => 0));
            Put_Woken (N);
            requeue Put_Queue;
         end Put_Held;

         entry Report
           when Closed
             or else (Chosen = Counter_No_Entry
                      and then Report_Armed
                      and then Report_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Counter_Agent.Wake_2
                 (Position_Of ((Id => Counter_Report, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Counter_Report, Index => 0));
            Report_Woken;
            requeue Report_Queue;
         end Report;

         entry Report_Held
           when Closed
             or else (Chosen = Counter_No_Entry and then Report_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Counter_Report, Index => 0));
            Report_Woken;
            requeue Report_Queue;
         end Report_Held;

         entry Select_Arm
           (Order : Counter_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Counter_No_Entry then
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
           (Order : Counter_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Counter_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := False;
            Report_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Counter_Alternative) is
         begin
            case Alternative.Id is
               when Counter_Put =>
                  Put_Armed := True;
               when Counter_Report =>
                  Report_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Counter_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Counter_Put =>
                  return Counter.Put'Count + Put_Held'Count > 0;
               when Counter_Report =>
                  return Counter.Report'Count + Report_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Counter_Alternative) return Natural is
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
            Chosen := Counter_No_Entry;
         end Put_Take;

         procedure Put_Woken (N : in Integer) is
         begin
            Disarm;
            Chosen := Counter_Put;
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

         procedure Report_Take is
         begin
            Chosen := Counter_No_Entry;
         end Report_Take;

         procedure Report_Woken is
         begin
            Disarm;
            Chosen := Counter_Report;
            Report_Done := False;
         end Report_Woken;

         procedure Report_Accept_End is
         begin
            Report_Done := True;
         end Report_Accept_End;

         procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
            Report_Raised := True;
            Report_Done := True;
         end Report_Failed;

         entry Report_Queue
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
         end Report_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Counter;

      task body Counter_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Counter_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Counter_Closer);
         overriding procedure Finalize (Object : in out Counter_Closer) is
         begin
            Counter.Close;
         end Finalize;
         Closer : Counter_Closer;
         Total : Integer := 0;
         Failures : Natural := 0;
         Last : Integer := 0;
      begin
         loop
            begin
               declare
                  Alternatives : constant Counter_Alternative_List :=
                    (1 => (Counter_Put, 0),
                     2 => (Counter_Report, 0));
                  Choice : Natural;
               begin
                  Counter.Select_Arm
                    (Order => Alternatives,
                     Chosen_Position => Choice);
                  if Choice = 0 then
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           Counter.Put_Woken (Value_1);
                           requeue Counter.Put_Queue;
                        end Wake_1;
                        Choice := 1;
                     or
                        accept Wake_2 (2) do
                           Counter.Report_Woken;
                           requeue Counter.Report_Queue;
                        end Wake_2;
                        Choice := 2;
                     or
                        terminate;
                     end select;
                     --  rdv2po: callers that came too early wait in the object again
                     loop
                        select
                           accept Wake_1 (1) (Value_1 : in Integer) do
                              requeue Counter.Put_Held with abort;
                           end Wake_1;
                        or
                           accept Wake_2 (2) do
                              requeue Counter.Report_Held with abort;
                           end Wake_2;
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
                           Counter.Put_Take (N);
                           begin
                              Put_Line ("counter got" & Integer'Image (N));
                              if N < 0 then
                                 raise Bad;
                              end if;
                              Last := N;
                           exception
                              when Occurrence : others =>
                                 Counter.Put_Failed (Occurrence);
                                 raise;
                           end;
                           Counter.Put_Accept_End;
                        end;
                        if Last = 0 then
                           raise Program_Error;   -- after the accept: the server's alone
                        end if;
                        Total := Total + Last;
                     when 2 =>
                        Counter.Report_Take;
                        begin
                           Put_Line ("counter total" & Integer'Image (Total) & ", failures"
                                     & Natural'Image (Failures));
                        exception
                           when Occurrence : others =>
                              Counter.Report_Failed (Occurrence);
                              raise;
                        end;
                        Counter.Report_Accept_End;
                     when others =>
                        null;
                  end case;
               end;
            exception
               when E : Bad =>
                  Failures := Failures + 1;
                  Put_Line ("counter: " & Exception_Name (E) & " in a call");
               when others =>
                  Failures := Failures + 1;
                  Put_Line ("counter: failure" & Natural'Image (Failures));
            end;
         end loop;
      end Counter_Agent;

      Saw : Natural := 0;
   begin
      Counter.Put (3);
      begin
         Counter.Put (-1);
      exception
         when Bad => Saw := Saw + 1;
      end;
      Counter.Put (0);
      Counter.Put (4);
      begin
         Counter.Put (-2);
      exception
         when Bad => Saw := Saw + 1;
      end;
      Counter.Report;
      Put_Line ("caller saw Bad" & Natural'Image (Saw) & " times");
   end Counting;

   procedure Keeping is
      --  the caller prints what it saw at the end: the server's handler runs
      --  while the caller goes on, so printing at once would race with it
      Seen : Unbounded_String;

      procedure Note (Who : String; E : Exception_Occurrence) is
      begin
         Append (Seen, "call of " & Who & " raised " & Exception_Name (E) & ASCII.LF);
      end Note;

      --  each server in a procedure of its own, which waits for the server to
      --  end before the next one prints: Text_IO from two tasks at once races
      procedure Keeping_Keeper is
         type Keeper_Entry is (Keeper_No_Entry, Keeper_Put);
         --  rdv2po: task Keeper became this protected object; its code runs in
         --  the task Keeper_Agent, declared after it (general scheme: each
         --  rendezvous goes through the object)
         protected Keeper is
            entry Put (N : Integer);
            --  rdv2po: the rendezvous protocol, for Keeper_Agent
            entry Put_Accept_Begin (N : out Integer);
            procedure Put_Accept_End;
            procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
            entry Put_Queue (N : in Integer);
            procedure Close;
         private
            Chosen : Keeper_Entry := Keeper_No_Entry;
            Closed : Boolean := False;
            Put_N : Integer;
            Put_Done : Boolean := False;
            Put_Raised : Boolean := False;
            Put_Failure : Ada.Exceptions.Exception_Occurrence;
         end Keeper;
         task Keeper_Agent is
            --  rdv2po: general scheme agent of Keeper
         end Keeper_Agent;

         protected body Keeper is

            entry Put (N : Integer)
              when Closed
                or else (Chosen = Keeper_No_Entry
                         and then Put_Accept_Begin'Count > 0)
            is
            begin
               if Closed then
                  raise Tasking_Error;
               end if;
               Chosen := Keeper_Put;
               Put_N := N;
               Put_Done := False;
               requeue Put_Queue;
            end Put;

            entry Put_Accept_Begin (N : out Integer)
              when Chosen = Keeper_Put is
            begin
               N := Put_N;
               Chosen := Keeper_No_Entry;
            end Put_Accept_Begin;

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
            Running : Boolean := True;
            Errors : Natural := 0;
            Value : Integer := 0;
         begin
            while Running loop
               begin
                  declare
                     N : Integer;
                  begin
                     Keeper.Put_Accept_Begin (N);
                     begin
                        if N = 0 then
                           raise Program_Error;
                        end if;
                        Value := 100 / (N - 1);   -- Constraint_Error for 1
                        Put_Line ("keeper value" & Integer'Image (Value));
                     exception
                        when Occurrence : others =>
                           Keeper.Put_Failed (Occurrence);
                           raise;
                     end;
                     Keeper.Put_Accept_End;
                  end;
               exception
                  when Constraint_Error =>
                     Errors := Errors + 1;
                     Put_Line ("keeper: error" & Natural'Image (Errors));
                     Running := Errors < 2;
               end;
            end loop;
            Put_Line ("keeper closed after" & Natural'Image (Errors) & " errors");
         exception
            when E : others =>
               Put_Line ("keeper ends: " & Exception_Name (E));
         end Keeper_Agent;

         procedure Call (N : Integer) is
         begin
            Keeper.Put (N);
         exception
            when E : others => Note ("keeper", E);
         end Call;
      begin
         Call (5);
         Call (1);
         Call (3);
         Call (1);
         Call (4);
      end Keeping_Keeper;

      procedure Keeping_Holder is
         type Holder_Entry is (Holder_No_Entry, Holder_Put);
         type Holder_Alternative is record
            Id : Holder_Entry := Holder_No_Entry;
            Index : Integer := 0;   --  'Pos of a family member's index
         end record;
         type Holder_Alternative_List is array (Positive range <>) of Holder_Alternative;
         --  rdv2po: task Holder became this protected object; its code runs in
         --  the task Holder_Agent, declared after it (general scheme: each
         --  rendezvous goes through the object)
         protected Holder is
            entry Put (N : Integer);
            --  rdv2po: the rendezvous protocol, for Holder_Agent
            entry Select_Arm
              (Order : Holder_Alternative_List;
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
            Put_Armed : Boolean := False;
            Put_N : Integer;
            Put_Done : Boolean := False;
            Put_Raised : Boolean := False;
            Put_Failure : Ada.Exceptions.Exception_Occurrence;
         end Holder;
         task Holder_Agent is
            --  rdv2po: general scheme agent of Holder
            entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
         end Holder_Agent;

         protected body Holder is

            entry Put (N : Integer)
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
                  requeue Holder_Agent.Wake_1
                    (Position_Of ((Id => Holder_Put, Index => 0))) with abort;
               end if;
               Position := Position_Of ((Id => Holder_Put, Index => 0));
               Put_Woken (N);
               requeue Put_Queue;
            end Put;

            entry Put_Held (N : Integer)
              when Closed or else (Chosen = Holder_No_Entry and then Put_Armed)
            is
            begin
               if Closed then
                  raise Tasking_Error;
               end if;
               Position := Position_Of ((Id => Holder_Put, Index => 0));
               Put_Woken (N);
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
               --  a caller already queued is taken first, in the select's
               --  order (as GNAT does)
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

            procedure Put_Take (N : out Integer) is
            begin
               N := Put_N;
               Chosen := Holder_No_Entry;
            end Put_Take;

            procedure Put_Woken (N : in Integer) is
            begin
               Disarm;
               Chosen := Holder_Put;
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
         end Holder;

         task body Holder_Agent is
            --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
            type Holder_Closer is new Ada.Finalization.Limited_Controlled with null record;
            overriding procedure Finalize (Object : in out Holder_Closer);
            overriding procedure Finalize (Object : in out Holder_Closer) is
            begin
               Holder.Close;
            end Finalize;
            Closer : Holder_Closer;
            Errors : Natural := 0;
         begin
            loop
               begin
                  declare
                     Alternatives : constant Holder_Alternative_List :=
                       (1 => (Holder_Put, 0));
                     Choice : Natural;
                  begin
                     Holder.Select_Arm
                       (Order => Alternatives,
                        Chosen_Position => Choice);
                     if Choice = 0 then
                        select
                           accept Wake_1 (1) (Value_1 : in Integer) do
                              Holder.Put_Woken (Value_1);
                              requeue Holder.Put_Queue;
                           end Wake_1;
                           Choice := 1;
                        or
                           terminate;
                        end select;
                        --  rdv2po: callers that came too early wait in the object again
                        loop
                           select
                              accept Wake_1 (1) (Value_1 : in Integer) do
                                 requeue Holder.Put_Held with abort;
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
                              Holder.Put_Take (N);
                              begin
                                 Put_Line ("holder got" & Integer'Image (N));
                                 if N = 0 then
                                    raise Program_Error;
                                 end if;
                              exception
                                 when Occurrence : others =>
                                    Holder.Put_Failed (Occurrence);
                                    raise;
                              end;
                              Holder.Put_Accept_End;
                           end;
                        when others =>
                           null;
                     end case;
                  end;
               exception
                  when Constraint_Error =>
                     Errors := Errors + 1;
               end;
            end loop;
         exception
            when E : others =>
               Put_Line ("holder ends: " & Exception_Name (E));
         end Holder_Agent;

         procedure Call (N : Integer) is
         begin
            Holder.Put (N);
         exception
            when E : others => Note ("holder", E);
         end Call;
      begin
         Call (1);
         Call (0);
         Call (2);
      end Keeping_Holder;
   begin
      Keeping_Keeper;
      Keeping_Holder;
      Put (To_String (Seen));
   end Keeping;

begin
   Counting;
   Keeping;
   Put_Line ("PASSED");
end Main;
