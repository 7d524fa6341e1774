--  Accepting servers whose variables' initial values and default
--  initialisations are shown not to raise: the protected object evaluates
--  them where it is declared, the task did when it was activated, and
--  neither raises, so nothing tells the two apart.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Capacity : constant := 4;
   Start    : constant Natural := 2;
   subtype Slot is Positive range 1 .. Capacity;
   type Cell;
   type Cell_Ref is access Cell;
   type Cell is record
      Value : Integer := 0;
      Next  : Cell_Ref;                 --  null: cannot raise
   end record;
   type Counter is record
      Hits  : Natural := Start * 2;     --  a static expression within Natural
      Last  : Slot := Capacity;         --  a named number within Slot
      Head  : Cell_Ref := null;
   end record;
   type Counts is array (Slot) of Counter;
   type Pair is record
      Low, High : Slot;
   end record;
begin
   declare
      type Tally_Entry is (Tally_No_Entry, Tally_Hit, Tally_Report);
      type Tally_Alternative is record
         Id : Tally_Entry := Tally_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Tally_Alternative_List is array (Positive range <>) of Tally_Alternative;
      --  rdv2po: task Tally became this protected object; its code runs in the
      --  task Tally_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Tally is
         entry Hit (S : Slot);
         entry Report (Total : out Natural);
         --  rdv2po: the rendezvous protocol, for Tally_Agent
         entry Select_Arm
           (Order : Tally_Alternative_List;
            Chosen_Position : out Natural);
         entry Hit_Held (S : Slot);
         procedure Hit_Woken (S : in Slot);
         procedure Hit_Take (S : out Slot);
         procedure Hit_Accept_End;
         procedure Hit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Hit_Queue (S : in Slot);
         entry Report_Held (Total : out Natural);
         procedure Report_Woken (Total : in Natural);
         procedure Report_Take (Total : out Natural);
         procedure Report_Accept_End (Total : in Natural);
         procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Report_Queue (Total : out Natural);
         procedure Close;
      private
         entry Select_Wait
           (Order : Tally_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Tally_Alternative);
         function Queued (Alternative : Tally_Alternative) return Boolean;
         function Position_Of (Alternative : Tally_Alternative) return Natural;
         Armed_List : Tally_Alternative_List (1 .. 2);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Tally_Entry := Tally_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Hit_Armed : Boolean := False;
         Hit_S : Slot;
         Hit_Done : Boolean := False;
         Hit_Raised : Boolean := False;
         Hit_Failure : Ada.Exceptions.Exception_Occurrence;
         Report_Armed : Boolean := False;
         Report_Total : Natural;
         Report_Done : Boolean := False;
         Report_Raised : Boolean := False;
         Report_Failure : Ada.Exceptions.Exception_Occurrence;
      end Tally;
      task Tally_Agent is
         --  rdv2po: general scheme agent of Tally
         entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Slot);
         entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
      end Tally_Agent;

      protected body Tally is

         entry Hit (S : Slot)
           when Closed
             or else (Chosen = Tally_No_Entry
                      and then Hit_Armed
                      and then Hit_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Tally_Agent.Wake_1
                 (Position_Of ((Id => Tally_Hit, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Tally_Hit, Index => 0));
            Hit_Woken (S);
            requeue Hit_Queue;
         end Hit;

         entry Hit_Held (S : Slot)
           when Closed or else (Chosen = Tally_No_Entry and then Hit_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Tally_Hit, Index => 0));
            Hit_Woken (S);
            requeue Hit_Queue;
         end Hit_Held;

         entry Report (Total : out Natural)
           when Closed
             or else (Chosen = Tally_No_Entry
                      and then Report_Armed
                      and then Report_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Tally_Agent.Wake_2
                 (Position_Of ((Id => Tally_Report, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Tally_Report, Index => 0));
            Report_Woken (Total);
            requeue Report_Queue;
         end Report;

         entry Report_Held (Total : out Natural)
           when Closed or else (Chosen = Tally_No_Entry and then Report_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Tally_Report, Index => 0));
            Report_Woken (Total);
            requeue Report_Queue;
         end Report_Held;

         entry Select_Arm
           (Order : Tally_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Tally_No_Entry then
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
           (Order : Tally_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Tally_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Hit_Armed := False;
            Report_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Tally_Alternative) is
         begin
            case Alternative.Id is
               when Tally_Hit =>
                  Hit_Armed := True;
               when Tally_Report =>
                  Report_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Tally_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Tally_Hit =>
                  return Tally.Hit'Count + Hit_Held'Count > 0;
               when Tally_Report =>
                  return Tally.Report'Count + Report_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Tally_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Hit_Take (S : out Slot) is
         begin
            S := Hit_S;
            Chosen := Tally_No_Entry;
         end Hit_Take;

         procedure Hit_Woken (S : in Slot) is
         begin
            Disarm;
            Chosen := Tally_Hit;
            Hit_S := S;
            Hit_Done := False;
         end Hit_Woken;

         procedure Hit_Accept_End is
         begin
            Hit_Done := True;
         end Hit_Accept_End;

         procedure Hit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Hit_Failure, Occurrence);
            Hit_Raised := True;
            Hit_Done := True;
         end Hit_Failed;

         entry Hit_Queue (S : in Slot)
           when Hit_Done or else Closed is
         begin
            if not Hit_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Hit_Done := False;
            if Hit_Raised then
               Hit_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Hit_Failure);
            end if;
         end Hit_Queue;

         procedure Report_Take (Total : out Natural) is
         begin
            Total := Report_Total;
            Chosen := Tally_No_Entry;
         end Report_Take;

         procedure Report_Woken (Total : in Natural) is
         begin
            Disarm;
            Chosen := Tally_Report;
            Report_Total := Total;
            Report_Done := False;
         end Report_Woken;

         procedure Report_Accept_End (Total : in Natural) is
         begin
            Report_Total := Total;
            Report_Done := True;
         end Report_Accept_End;

         procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
            Report_Raised := True;
            Report_Done := True;
         end Report_Failed;

         entry Report_Queue (Total : out Natural)
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
            Total := Report_Total;
         end Report_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Tally;

      task body Tally_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Tally_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Tally_Closer);
         overriding procedure Finalize (Object : in out Tally_Closer) is
         begin
            Tally.Close;
         end Finalize;
         Closer : Tally_Closer;
         Table : Counts;                              --  component defaults of Counter
         Span  : Pair := (Low => 1, High => Capacity);
         Used  : Natural range 0 .. Capacity := 0;
         Name  : String (1 .. 5) := "tally";
         Flags : array (Slot) of Boolean := (others => False);
      begin
         loop
            declare
               Alternatives : constant Tally_Alternative_List :=
                 (1 => (Tally_Hit, 0),
                  2 => (Tally_Report, 0));
               Choice : Natural;
            begin
               Tally.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Slot) do
                        Tally.Hit_Woken (Value_1);
                        requeue Tally.Hit_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        Tally.Report_Woken (Value_1);
                        requeue Tally.Report_Queue;
                     end Wake_2;
                     Choice := 2;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Slot) do
                           requeue Tally.Hit_Held with abort;
                        end Wake_1;
                     or
                        accept Wake_2 (2) (Value_1 : out Natural) do
                           requeue Tally.Report_Held with abort;
                        end Wake_2;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        S : Slot;
                     begin
                        Tally.Hit_Take (S);
                        begin
                           Table (S).Hits := Table (S).Hits + 1;
                           Table (S).Last := S;
                           if not Flags (S) then
                              Flags (S) := True;
                              Used := Used + 1;
                           end if;
                        exception
                           when Occurrence : others =>
                              Tally.Hit_Failed (Occurrence);
                              raise;
                        end;
                        Tally.Hit_Accept_End;
                     end;
                  when 2 =>
                     declare
                        Total : Natural;
                     begin
                        Tally.Report_Take (Total);
                        begin
                           Total := Used * 100 + Table (Span.Low).Hits + Table (Span.High).Hits
                                    + Name'Length;
                        exception
                           when Occurrence : others =>
                              Tally.Report_Failed (Occurrence);
                              raise;
                        end;
                        Tally.Report_Accept_End (Total);
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Tally_Agent;

      Total : Natural;
   begin
      Tally.Hit (1);
      Tally.Hit (4);
      Tally.Hit (1);
      Tally.Report (Total);
      Put_Line ("total" & Natural'Image (Total));
   end;
   Put_Line ("PASSED");
end Main;
