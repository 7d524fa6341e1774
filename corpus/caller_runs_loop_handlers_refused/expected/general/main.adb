--  Server loops with exception handlers around the select that the
--  caller-runs scheme refuses, naming the obstacle: a handler that waits
--  (a delay the caller would wait out), a handler that exits the loop, and
--  a handler that accepts an entry.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   procedure Use_Waiter is
      type Waiter_Entry is (Waiter_No_Entry, Waiter_Put);
      type Waiter_Alternative is record
         Id : Waiter_Entry := Waiter_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Waiter_Alternative_List is array (Positive range <>) of Waiter_Alternative;
      --  rdv2po: task Waiter became this protected object; its code runs in
      --  the task Waiter_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Waiter is
         entry Put (N : Integer);
         --  rdv2po: the rendezvous protocol, for Waiter_Agent
         entry Select_Arm
           (Order : Waiter_Alternative_List;
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
           (Order : Waiter_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Waiter_Alternative);
         function Queued (Alternative : Waiter_Alternative) return Boolean;
         function Position_Of (Alternative : Waiter_Alternative) return Natural;
         Armed_List : Waiter_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Waiter_Entry := Waiter_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Boolean := False;
         Put_N : Integer;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Waiter;
      task Waiter_Agent is
         --  rdv2po: general scheme agent of Waiter
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Waiter_Agent;

      protected body Waiter is

         entry Put (N : Integer)
           when Closed
             or else (Chosen = Waiter_No_Entry
                      and then Put_Armed
                      and then Put_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Waiter_Agent.Wake_1
                 (Position_Of ((Id => Waiter_Put, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Waiter_Put, Index => 0));
            Put_Woken (N);
            requeue Put_Queue;
         end Put;

         entry Put_Held (N : Integer)
           when Closed or else (Chosen = Waiter_No_Entry and then Put_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Waiter_Put, Index => 0));
            Put_Woken (N);
            requeue Put_Queue;
         end Put_Held;

         entry Select_Arm
           (Order : Waiter_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Waiter_No_Entry then
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
           (Order : Waiter_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Waiter_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Waiter_Alternative) is
         begin
            case Alternative.Id is
               when Waiter_Put =>
                  Put_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Waiter_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Waiter_Put =>
                  return Waiter.Put'Count + Put_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Waiter_Alternative) return Natural is
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
            Chosen := Waiter_No_Entry;
         end Put_Take;

         procedure Put_Woken (N : in Integer) is
         begin
            Disarm;
            Chosen := Waiter_Put;
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
      end Waiter;

      task body Waiter_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Waiter_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Waiter_Closer);
         overriding procedure Finalize (Object : in out Waiter_Closer) is
         begin
            Waiter.Close;
         end Finalize;
         Closer : Waiter_Closer;
      begin
         loop
            begin
               declare
                  Alternatives : constant Waiter_Alternative_List :=
                    (1 => (Waiter_Put, 0));
                  Choice : Natural;
               begin
                  Waiter.Select_Arm
                    (Order => Alternatives,
                     Chosen_Position => Choice);
                  if Choice = 0 then
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           Waiter.Put_Woken (Value_1);
                           requeue Waiter.Put_Queue;
                        end Wake_1;
                        Choice := 1;
                     or
                        terminate;
                     end select;
                     --  rdv2po: callers that came too early wait in the object again
                     loop
                        select
                           accept Wake_1 (1) (Value_1 : in Integer) do
                              requeue Waiter.Put_Held with abort;
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
                           Waiter.Put_Take (N);
                           begin
                              Put_Line ("waiter got" & Integer'Image (N));
                              if N < 0 then
                                 raise Constraint_Error;
                              end if;
                           exception
                              when Occurrence : others =>
                                 Waiter.Put_Failed (Occurrence);
                                 raise;
                           end;
                           Waiter.Put_Accept_End;
                        end;
                     when others =>
                        null;
                  end case;
               end;
            exception
               when Constraint_Error =>
                  delay 0.01;
                  Put_Line ("waiter rested");
            end;
         end loop;
      end Waiter_Agent;
   begin
      Waiter.Put (1);
      begin
         Waiter.Put (-1);
      exception
         when Constraint_Error => null;
      end;
   end Use_Waiter;

   procedure Use_Quitter is
      type Quitter_Entry is (Quitter_No_Entry, Quitter_Put);
      type Quitter_Alternative is record
         Id : Quitter_Entry := Quitter_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Quitter_Alternative_List is array (Positive range <>) of Quitter_Alternative;
      --  rdv2po: task Quitter became this protected object; its code runs in
      --  the task Quitter_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Quitter is
         entry Put (N : Integer);
         --  rdv2po: the rendezvous protocol, for Quitter_Agent
         entry Select_Arm
           (Order : Quitter_Alternative_List;
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
           (Order : Quitter_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Quitter_Alternative);
         function Queued (Alternative : Quitter_Alternative) return Boolean;
         function Position_Of (Alternative : Quitter_Alternative) return Natural;
         Armed_List : Quitter_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Quitter_Entry := Quitter_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Boolean := False;
         Put_N : Integer;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Quitter;
      task Quitter_Agent is
         --  rdv2po: general scheme agent of Quitter
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Quitter_Agent;

      protected body Quitter is

         entry Put (N : Integer)
           when Closed
             or else (Chosen = Quitter_No_Entry
                      and then Put_Armed
                      and then Put_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Quitter_Agent.Wake_1
                 (Position_Of ((Id => Quitter_Put, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Quitter_Put, Index => 0));
            Put_Woken (N);
            requeue Put_Queue;
         end Put;

         entry Put_Held (N : Integer)
           when Closed or else (Chosen = Quitter_No_Entry and then Put_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Quitter_Put, Index => 0));
            Put_Woken (N);
            requeue Put_Queue;
         end Put_Held;

         entry Select_Arm
           (Order : Quitter_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Quitter_No_Entry then
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
           (Order : Quitter_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Quitter_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Quitter_Alternative) is
         begin
            case Alternative.Id is
               when Quitter_Put =>
                  Put_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Quitter_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Quitter_Put =>
                  return Quitter.Put'Count + Put_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Quitter_Alternative) return Natural is
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
            Chosen := Quitter_No_Entry;
         end Put_Take;

         procedure Put_Woken (N : in Integer) is
         begin
            Disarm;
            Chosen := Quitter_Put;
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
      end Quitter;

      task body Quitter_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Quitter_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Quitter_Closer);
         overriding procedure Finalize (Object : in out Quitter_Closer) is
         begin
            Quitter.Close;
         end Finalize;
         Closer : Quitter_Closer;
      begin
         loop
            begin
               declare
                  Alternatives : constant Quitter_Alternative_List :=
                    (1 => (Quitter_Put, 0));
                  Choice : Natural;
               begin
                  Quitter.Select_Arm
                    (Order => Alternatives,
                     Chosen_Position => Choice);
                  if Choice = 0 then
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           Quitter.Put_Woken (Value_1);
                           requeue Quitter.Put_Queue;
                        end Wake_1;
                        Choice := 1;
                     or
                        terminate;
                     end select;
                     --  rdv2po: callers that came too early wait in the object again
                     loop
                        select
                           accept Wake_1 (1) (Value_1 : in Integer) do
                              requeue Quitter.Put_Held with abort;
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
                           Quitter.Put_Take (N);
                           begin
                              Put_Line ("quitter got" & Integer'Image (N));
                              if N < 0 then
                                 raise Constraint_Error;
                              end if;
                           exception
                              when Occurrence : others =>
                                 Quitter.Put_Failed (Occurrence);
                                 raise;
                           end;
                           Quitter.Put_Accept_End;
                        end;
                     when others =>
                        null;
                  end case;
               end;
            exception
               when Constraint_Error =>
                  Put_Line ("quitter quits");
                  exit;
            end;
         end loop;
      end Quitter_Agent;
   begin
      Quitter.Put (2);
      begin
         Quitter.Put (-2);
      exception
         when Constraint_Error => null;
      end;
   end Use_Quitter;

   procedure Use_Asker is
      type Asker_Entry is (Asker_No_Entry, Asker_Put, Asker_Again);
      type Asker_Alternative is record
         Id : Asker_Entry := Asker_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Asker_Alternative_List is array (Positive range <>) of Asker_Alternative;
      --  rdv2po: task Asker became this protected object; its code runs in the
      --  task Asker_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Asker is
         entry Put (N : Integer);
         entry Again;
         --  rdv2po: the rendezvous protocol, for Asker_Agent
         entry Select_Arm
           (Order : Asker_Alternative_List;
            Chosen_Position : out Natural);
         entry Put_Held (N : Integer);
         procedure Put_Woken (N : in Integer);
         procedure Put_Take (N : out Integer);
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue (N : in Integer);
         entry Again_Accept_Begin;
         procedure Close;
      private
         entry Select_Wait
           (Order : Asker_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Asker_Alternative);
         function Queued (Alternative : Asker_Alternative) return Boolean;
         function Position_Of (Alternative : Asker_Alternative) return Natural;
         Armed_List : Asker_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Asker_Entry := Asker_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Boolean := False;
         Put_N : Integer;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Asker;
      task Asker_Agent is
         --  rdv2po: general scheme agent of Asker
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Asker_Agent;

      protected body Asker is

         entry Put (N : Integer)
           when Closed
             or else (Chosen = Asker_No_Entry
                      and then Put_Armed
                      and then Put_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Asker_Agent.Wake_1
                 (Position_Of ((Id => Asker_Put, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Asker_Put, Index => 0));
            Put_Woken (N);
            requeue Put_Queue;
         end Put;

         entry Put_Held (N : Integer)
           when Closed or else (Chosen = Asker_No_Entry and then Put_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Asker_Put, Index => 0));
            Put_Woken (N);
            requeue Put_Queue;
         end Put_Held;

         entry Again
           when Closed
             or else (Chosen = Asker_No_Entry
                      and then Again_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Disarm;
            Chosen := Asker_Again;
         end Again;

         entry Select_Arm
           (Order : Asker_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Asker_No_Entry then
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
           (Order : Asker_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Asker_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Asker_Alternative) is
         begin
            case Alternative.Id is
               when Asker_Put =>
                  Put_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Asker_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Asker_Put =>
                  return Asker.Put'Count + Put_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Asker_Alternative) return Natural is
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
            Chosen := Asker_No_Entry;
         end Put_Take;

         procedure Put_Woken (N : in Integer) is
         begin
            Disarm;
            Chosen := Asker_Put;
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

         entry Again_Accept_Begin
           when Chosen = Asker_Again is
         begin
            Chosen := Asker_No_Entry;
         end Again_Accept_Begin;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Asker;

      task body Asker_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Asker_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Asker_Closer);
         overriding procedure Finalize (Object : in out Asker_Closer) is
         begin
            Asker.Close;
         end Finalize;
         Closer : Asker_Closer;
      begin
         loop
            begin
               declare
                  Alternatives : constant Asker_Alternative_List :=
                    (1 => (Asker_Put, 0));
                  Choice : Natural;
               begin
                  Asker.Select_Arm
                    (Order => Alternatives,
                     Chosen_Position => Choice);
                  if Choice = 0 then
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           Asker.Put_Woken (Value_1);
                           requeue Asker.Put_Queue;
                        end Wake_1;
                        Choice := 1;
                     or
                        terminate;
                     end select;
                     --  rdv2po: callers that came too early wait in the object again
                     loop
                        select
                           accept Wake_1 (1) (Value_1 : in Integer) do
                              requeue Asker.Put_Held with abort;
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
                           Asker.Put_Take (N);
                           begin
                              Put_Line ("asker got" & Integer'Image (N));
                              if N < 0 then
                                 raise Constraint_Error;
                              end if;
                           exception
                              when Occurrence : others =>
                                 Asker.Put_Failed (Occurrence);
                                 raise;
                           end;
                           Asker.Put_Accept_End;
                        end;
                     when others =>
                        null;
                  end case;
               end;
            exception
               when Constraint_Error =>
                  Asker.Again_Accept_Begin;
                  Put_Line ("asker asked again");
            end;
         end loop;
      end Asker_Agent;
   begin
      Asker.Put (3);
      begin
         Asker.Put (-3);
      exception
         when Constraint_Error => null;
      end;
      Asker.Again;
   end Use_Asker;
begin
   Use_Waiter;
   Use_Quitter;
   Use_Asker;
   Put_Line ("PASSED");
end Main;
