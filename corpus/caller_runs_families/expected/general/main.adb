--  Servers with entry families, taken by the caller-runs scheme: each
--  family becomes a procedure whose first formal is the member, and its
--  calls T.E (I) (A) become T.E (I, A).  Sequencer takes one member at a
--  time, in turn (accept Put (Next) (...), Next a variable of the task):
--  writers call their own member from their own tasks and are served in
--  the members' order.  Steps is a one-shot server taking Step (1) then
--  Step (2).  Checker's calls compute the index and the actuals with
--  functions that trace their order: the index is evaluated first, and an
--  index out of the family's range raises Constraint_Error before the
--  actuals are evaluated, as the entry call did.  A renaming of a member
--  becomes a procedure calling it, with the member's subtypes.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Slot is range 1 .. 3;
   type Color is (Red, Green, Blue);
   type Palette is array (Color range Red .. Green) of Boolean;

   procedure Sequencing is
      type Sequencer_Entry is (Sequencer_No_Entry, Sequencer_Put);
      type Sequencer_Alternative is record
         Id : Sequencer_Entry := Sequencer_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Sequencer_Alternative_List is array (Positive range <>) of Sequencer_Alternative;
      type Sequencer_Put_Set is array (Slot) of Boolean;
      --  rdv2po: task Sequencer became this protected object; its code runs in
      --  the task Sequencer_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Sequencer is
         entry Put (Slot) (Item : Integer);
         --  rdv2po: the rendezvous protocol, for Sequencer_Agent
         entry Select_Arm
           (Order : Sequencer_Alternative_List;
            Chosen_Position : out Natural);
         entry Put_Held (Slot) (Item : Integer);
         procedure Put_Woken (Item : in Integer);
         procedure Put_Take (Item : out Integer);
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue (Item : in Integer);
         procedure Close;
      private
         entry Select_Wait
           (Order : Sequencer_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Sequencer_Alternative);
         function Queued (Alternative : Sequencer_Alternative) return Boolean;
         function Position_Of (Alternative : Sequencer_Alternative) return Natural;
         Armed_List : Sequencer_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Sequencer_Entry := Sequencer_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Sequencer_Put_Set := (others => False);
         Put_Item : Integer;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Sequencer;
      task Sequencer_Agent is
         --  rdv2po: general scheme agent of Sequencer
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Sequencer_Agent;

      protected body Sequencer is

         entry Put (for Member in Slot) (Item : Integer)
           when Closed
             or else (Chosen = Sequencer_No_Entry
                      and then Put_Armed (Member)
                      and then Put_Held (Member)'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Sequencer_Agent.Wake_1
                 (Position_Of ((Id => Sequencer_Put, Index => Slot'Pos (Member)))) with abort;
            end if;
            Position := Position_Of ((Id => Sequencer_Put, Index => Slot'Pos (Member)));
            Put_Woken (Item);
            requeue Put_Queue;
         end Put;

         entry Put_Held (for Member in Slot) (Item : Integer)
           when Closed
             or else (Chosen = Sequencer_No_Entry and then Put_Armed (Member))
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Sequencer_Put, Index => Slot'Pos (Member)));
            Put_Woken (Item);
            requeue Put_Queue;
         end Put_Held;

         entry Select_Arm
           (Order : Sequencer_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Sequencer_No_Entry then
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
           (Order : Sequencer_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Sequencer_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := (others => False);
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Sequencer_Alternative) is
         begin
            case Alternative.Id is
               when Sequencer_Put =>
                  Put_Armed (Slot'Val (Alternative.Index)) := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Sequencer_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Sequencer_Put =>
                  return Sequencer.Put (Slot'Val (Alternative.Index))'Count
                    + Put_Held (Slot'Val (Alternative.Index))'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Sequencer_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Put_Take (Item : out Integer) is
         begin
            Item := Put_Item;
            Chosen := Sequencer_No_Entry;
         end Put_Take;

         procedure Put_Woken (Item : in Integer) is
         begin
            Disarm;
            Chosen := Sequencer_Put;
            Put_Item := Item;
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

         entry Put_Queue (Item : in Integer)
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
      end Sequencer;

      task body Sequencer_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Sequencer_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Sequencer_Closer);
         overriding procedure Finalize (Object : in out Sequencer_Closer) is
         begin
            Sequencer.Close;
         end Finalize;
         Closer : Sequencer_Closer;
         Next : Slot := 1;
         Sum : Integer := 0;
      begin
         loop
            declare
               Alternatives : constant Sequencer_Alternative_List :=
                 (1 => (Sequencer_Put, Slot'Pos (Next)));
               Choice : Natural;
            begin
               Sequencer.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Sequencer.Put_Woken (Value_1);
                        requeue Sequencer.Put_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Sequencer.Put_Held (Slot'Val (Alternatives (1).Index)) with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        Item : Integer;
                     begin
                        Sequencer.Put_Take (Item);
                        begin
                           Put_Line ("slot" & Slot'Image (Next) & " gives" & Integer'Image (Item));
                           Sum := Sum + Item;
                        exception
                           when Occurrence : others =>
                              Sequencer.Put_Failed (Occurrence);
                              raise;
                        end;
                        Sequencer.Put_Accept_End;
                     end;
                     if Next = Slot'Last then
                        Put_Line ("round done, sum" & Integer'Image (Sum));
                        Next := Slot'First;
                     else
                        Next := Next + 1;
                     end if;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Sequencer_Agent;

      task type Writer (Mine : Slot);

      task body Writer is
      begin
         for Round in 1 .. 2 loop
            Sequencer.Put (Mine) (Integer (Mine) * 10 + Round);
         end loop;
      end Writer;

      W3 : Writer (3);
      W2 : Writer (2);
      W1 : Writer (1);
   begin
      null;
   end Sequencing;

   procedure Stepping is
      type Steps_Entry is (Steps_No_Entry, Steps_Step, Steps_Paint);
      subtype Steps_Step_Index is Integer range 1 .. 2;
      subtype Steps_Paint_Index is Color range Palette'Range;
      --  rdv2po: task Steps became this protected object; its code runs in the
      --  task Steps_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Steps is
         entry Step (1 .. 2);
         entry Paint (Palette'Range) (Times : Natural);
         --  rdv2po: the rendezvous protocol, for Steps_Agent
         entry Step_Accept_Begin (Steps_Step_Index);
         procedure Step_Accept_End;
         procedure Step_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Step_Queue;
         entry Paint_Accept_Begin (Steps_Paint_Index) (Times : out Natural);
         procedure Paint_Accept_End;
         procedure Paint_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Paint_Queue (Times : in Natural);
         procedure Close;
      private
         Chosen : Steps_Entry := Steps_No_Entry;
         Closed : Boolean := False;
         Step_Done : Boolean := False;
         Step_Raised : Boolean := False;
         Step_Failure : Ada.Exceptions.Exception_Occurrence;
         Paint_Times : Natural;
         Paint_Done : Boolean := False;
         Paint_Raised : Boolean := False;
         Paint_Failure : Ada.Exceptions.Exception_Occurrence;
      end Steps;
      task Steps_Agent is
         --  rdv2po: general scheme agent of Steps
      end Steps_Agent;

      protected body Steps is

         entry Step (for Member in 1 .. 2)
           when Closed
             or else (Chosen = Steps_No_Entry
                      and then Step_Accept_Begin (Member)'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Steps_Step;
            Step_Done := False;
            requeue Step_Queue;
         end Step;

         entry Paint (for Member in Palette'Range) (Times : Natural)
           when Closed
             or else (Chosen = Steps_No_Entry
                      and then Paint_Accept_Begin (Member)'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Steps_Paint;
            Paint_Times := Times;
            Paint_Done := False;
            requeue Paint_Queue;
         end Paint;

         entry Step_Accept_Begin (for Member in Steps_Step_Index)
           when Chosen = Steps_Step is
         begin
            Chosen := Steps_No_Entry;
         end Step_Accept_Begin;

         procedure Step_Accept_End is
         begin
            Step_Done := True;
         end Step_Accept_End;

         procedure Step_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Step_Failure, Occurrence);
            Step_Raised := True;
            Step_Done := True;
         end Step_Failed;

         entry Step_Queue
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
         end Step_Queue;

         entry Paint_Accept_Begin (for Member in Steps_Paint_Index) (Times : out Natural)
           when Chosen = Steps_Paint is
         begin
            Times := Paint_Times;
            Chosen := Steps_No_Entry;
         end Paint_Accept_Begin;

         procedure Paint_Accept_End is
         begin
            Paint_Done := True;
         end Paint_Accept_End;

         procedure Paint_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Paint_Failure, Occurrence);
            Paint_Raised := True;
            Paint_Done := True;
         end Paint_Failed;

         entry Paint_Queue (Times : in Natural)
           when Paint_Done or else Closed is
         begin
            if not Paint_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Paint_Done := False;
            if Paint_Raised then
               Paint_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Paint_Failure);
            end if;
         end Paint_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Steps;

      task body Steps_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Steps_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Steps_Closer);
         overriding procedure Finalize (Object : in out Steps_Closer) is
         begin
            Steps.Close;
         end Finalize;
         Closer : Steps_Closer;
         Painted : Natural := 0;
      begin
         Steps.Step_Accept_Begin (1);
         begin
            Put_Line ("step one");
         exception
            when Occurrence : others =>
               Steps.Step_Failed (Occurrence);
               raise;
         end;
         Steps.Step_Accept_End;
         declare
            Times : Natural;
         begin
            Steps.Paint_Accept_Begin (Green) (Times);
            begin
               Painted := Times;
            exception
               when Occurrence : others =>
                  Steps.Paint_Failed (Occurrence);
                  raise;
            end;
            Steps.Paint_Accept_End;
         end;
         Steps.Step_Accept_Begin (2);
         Steps.Step_Accept_End;
         Put_Line ("steps done, painted" & Natural'Image (Painted));
      end Steps_Agent;
   begin
      Steps.Step (1);
      Steps.Paint (Green) (4);
      Steps.Step (2);
   end Stepping;

   procedure Checking is
      type Checker_Entry is (Checker_No_Entry, Checker_Check);
      type Checker_Alternative is record
         Id : Checker_Entry := Checker_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Checker_Alternative_List is array (Positive range <>) of Checker_Alternative;
      type Checker_Check_Set is array (Slot) of Boolean;
      --  rdv2po: task Checker became this protected object; its code runs in
      --  the task Checker_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Checker is
         entry Check (Slot) (A, B : Integer);
         --  rdv2po: the rendezvous protocol, for Checker_Agent
         entry Select_Arm
           (Order : Checker_Alternative_List;
            Chosen_Position : out Natural);
         entry Check_Held (Slot) (A, B : Integer);
         procedure Check_Woken (A : in Integer; B : in Integer);
         procedure Check_Take (A : out Integer; B : out Integer);
         procedure Check_Accept_End;
         procedure Check_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Check_Queue (A : in Integer; B : in Integer);
         procedure Close;
      private
         entry Select_Wait
           (Order : Checker_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Checker_Alternative);
         function Queued (Alternative : Checker_Alternative) return Boolean;
         function Position_Of (Alternative : Checker_Alternative) return Natural;
         Armed_List : Checker_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Checker_Entry := Checker_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Check_Armed : Checker_Check_Set := (others => False);
         Check_A : Integer;
         Check_B : Integer;
         Check_Done : Boolean := False;
         Check_Raised : Boolean := False;
         Check_Failure : Ada.Exceptions.Exception_Occurrence;
      end Checker;
      task Checker_Agent is
         --  rdv2po: general scheme agent of Checker
         entry Wake_1 (Positive range 1 .. 1)
           (Value_1 : in Integer; Value_2 : in Integer);
      end Checker_Agent;

      protected body Checker is

         entry Check (for Member in Slot) (A, B : Integer)
           when Closed
             or else (Chosen = Checker_No_Entry
                      and then Check_Armed (Member)
                      and then Check_Held (Member)'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Checker_Agent.Wake_1
                 (Position_Of ((Id => Checker_Check, Index => Slot'Pos (Member)))) with abort;
            end if;
            Position := Position_Of ((Id => Checker_Check, Index => Slot'Pos (Member)));
            Check_Woken (A, B);
            requeue Check_Queue;
         end Check;

         entry Check_Held (for Member in Slot) (A, B : Integer)
           when Closed
             or else (Chosen = Checker_No_Entry and then Check_Armed (Member))
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Checker_Check, Index => Slot'Pos (Member)));
            Check_Woken (A, B);
            requeue Check_Queue;
         end Check_Held;

         entry Select_Arm
           (Order : Checker_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Checker_No_Entry then
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
           (Order : Checker_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Checker_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Check_Armed := (others => False);
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Checker_Alternative) is
         begin
            case Alternative.Id is
               when Checker_Check =>
                  Check_Armed (Slot'Val (Alternative.Index)) := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Checker_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Checker_Check =>
                  return Checker.Check (Slot'Val (Alternative.Index))'Count
                    + Check_Held (Slot'Val (Alternative.Index))'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Checker_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Check_Take (A : out Integer; B : out Integer) is
         begin
            A := Check_A;
            B := Check_B;
            Chosen := Checker_No_Entry;
         end Check_Take;

         procedure Check_Woken (A : in Integer; B : in Integer) is
         begin
            Disarm;
            Chosen := Checker_Check;
            Check_A := A;
            Check_B := B;
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

         entry Check_Queue (A : in Integer; B : in Integer)
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
      end Checker;

      task body Checker_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Checker_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Checker_Closer);
         overriding procedure Finalize (Object : in out Checker_Closer) is
         begin
            Checker.Close;
         end Finalize;
         Closer : Checker_Closer;
      begin
         loop
            declare
               Alternatives : constant Checker_Alternative_List :=
                 (1 => (Checker_Check, Slot'Pos (2)));
               Choice : Natural;
            begin
               Checker.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Integer; Value_2 : in Integer) do
                        Checker.Check_Woken (Value_1, Value_2);
                        requeue Checker.Check_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1)
                          (Value_1 : in Integer; Value_2 : in Integer) do
                           requeue Checker.Check_Held (Slot'Val (Alternatives (1).Index)) with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        A : Integer;
                        B : Integer;
                     begin
                        Checker.Check_Take (A, B);
                        begin
                           Put_Line ("checked" & Integer'Image (A) & Integer'Image (B));
                        exception
                           when Occurrence : others =>
                              Checker.Check_Failed (Occurrence);
                              raise;
                        end;
                        Checker.Check_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Checker_Agent;

      --  the renamed member's subtypes apply (RM 8.5.4), not Natural: -1 passes
      procedure Check_Two (X : Natural; Y : Integer) renames Checker.Check (2);

      Trace : String (1 .. 6) := (others => ' ');
      Last : Natural := 0;

      function Traced (Mark : Character; Value : Integer) return Integer is
      begin
         Last := Last + 1;
         Trace (Last) := Mark;
         return Value;
      end Traced;
   begin
      Checker.Check (Slot (Traced ('i', 2))) (Traced ('a', 7), 8);
      begin
         Checker.Check (Slot (Traced ('j', 5))) (Traced ('b', 1), Traced ('c', 2));
      exception
         when Constraint_Error =>
            Put_Line ("out of the family's range");
      end;
      Check_Two (-1, Y => 3);
      Put_Line ("evaluated: " & Trace (1 .. Last));
   end Checking;
begin
   Sequencing;
   Stepping;
   Checking;
   Put_Line ("PASSED");
end Main;
