-- C97112A.ADA  (ACATS, Grant of Unlimited Rights)

-- CHECK THAT A DELAY STATEMENT IS ALLOWED IN THE SEQUENCE OF STATEMENTS
-- OF A SELECT ALTERNATIVE OF A SELECTIVE WAIT CONTAINING A TERMINATE
-- ALTERNATIVE OR AN ELSE PART.

-- WRG 7/9/86
-- rdv2po acceptance: delays shortened (10.0 -> 0.1 s, polling 1.0 -> 0.02 s).

with Ada.Finalization;
WITH REPORT;   USE REPORT;
WITH CALENDAR; USE CALENDAR;
PROCEDURE C97112A IS

     ACCEPT_ALTERNATIVE_TAKEN : BOOLEAN := FALSE;

BEGIN

     TEST ("C97112A", "CHECK THAT A DELAY STATEMENT IS ALLOWED IN " &
                      "THE SEQUENCE OF STATEMENTS OF A SELECT " &
                      "ALTERNATIVE OF A SELECTIVE WAIT CONTAINING A " &
                      "TERMINATE ALTERNATIVE OR AN ELSE PART");

     --------------------------------------------------

  A: DECLARE

          type T_Entry is (T_No_Entry, T_E);
          type T_Alternative is record
             Id : T_Entry := T_No_Entry;
             Index : Integer := 0;   --  'Pos of a family member's index
          end record;
          type T_Alternative_List is array (Positive range <>) of T_Alternative;
          --  rdv2po: task T became this protected object; its code runs in the
          --  task T_Agent, declared after it (general scheme: each rendezvous
          --  goes through the object)
          protected T is
             ENTRY E;
             --  rdv2po: the rendezvous protocol, for T_Agent
             entry Select_Arm
               (Order : T_Alternative_List;
                Chosen_Position : out Natural);
             entry E_Held;
             procedure E_Woken;
             procedure E_Take;
             procedure Close;
          private
             entry Select_Wait
               (Order : T_Alternative_List;
                Chosen_Position : out Natural);
             procedure Disarm;
             procedure Arm (Alternative : T_Alternative);
             function Queued (Alternative : T_Alternative) return Boolean;
             function Position_Of (Alternative : T_Alternative) return Natural;
             Armed_List : T_Alternative_List (1 .. 1);
             Armed_Last : Natural := 0;
             Position : Natural := 0;
             Chosen : T_Entry := T_No_Entry;
             Via_Wake : Boolean := False;
             Closed : Boolean := False;
             E_Armed : Boolean := False;
          end T;
          task T_Agent is
             --  rdv2po: general scheme agent of T
             entry Wake_1 (Positive range 1 .. 1);
          end T_Agent;

          protected body T is

             entry E
               when Closed
                 or else (Chosen = T_No_Entry
                          and then E_Armed
                          and then E_Held'Count = 0)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                if Via_Wake then
                   requeue T_Agent.Wake_1
                     (Position_Of ((Id => T_E, Index => 0))) with abort;
                end if;
                Position := Position_Of ((Id => T_E, Index => 0));
                E_Woken;
             end E;

             entry E_Held
               when Closed or else (Chosen = T_No_Entry and then E_Armed)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Position := Position_Of ((Id => T_E, Index => 0));
                E_Woken;
             end E_Held;

             entry Select_Arm
               (Order : T_Alternative_List;
                Chosen_Position : out Natural)
               when not Closed is
                Found : Natural := 0;
             begin
                Disarm;
                Chosen_Position := 0;
                Armed_Last := 0;
                for K in Order'Range loop
                   if Order (K).Id /= T_No_Entry then
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
               (Order : T_Alternative_List;
                Chosen_Position : out Natural)
               when Chosen /= T_No_Entry is
             begin
                Chosen_Position := Position;
             end Select_Wait;

             procedure Disarm is
             begin
                E_Armed := False;
                Via_Wake := False;
             end Disarm;

             procedure Arm (Alternative : T_Alternative) is
             begin
                case Alternative.Id is
                   when T_E =>
                      E_Armed := True;
                   when others =>
                      null;
                end case;
             end Arm;

             function Queued (Alternative : T_Alternative) return Boolean is
             begin
                case Alternative.Id is
                   when T_E =>
                      return T.E'Count + E_Held'Count > 0;
                   when others =>
                      return False;
                end case;
             end Queued;

             function Position_Of (Alternative : T_Alternative) return Natural is
             begin
                for K in 1 .. Armed_Last loop
                   if Armed_List (K) = Alternative then
                      return K;
                   end if;
                end loop;
                return 0;
             end Position_Of;

             procedure E_Take is
             begin
                Chosen := T_No_Entry;
             end E_Take;

             procedure E_Woken is
             begin
                Disarm;
                Chosen := T_E;
             end E_Woken;

             procedure Close is
             begin
                Closed := True;
             end Close;
          end T;

          TASK BODY T_Agent IS
             --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
             type T_Closer is new Ada.Finalization.Limited_Controlled with null record;
             overriding procedure Finalize (Object : in out T_Closer);
             overriding procedure Finalize (Object : in out T_Closer) is
             begin
                T.Close;
             end Finalize;
             Closer : T_Closer;
               BEFORE, AFTER : TIME;
          BEGIN
               declare
                  Alternatives : constant T_Alternative_List :=
                    (1 => (T_E, 0));
                  Choice : Natural;
               begin
                  T.Select_Arm
                    (Order => Alternatives,
                     Chosen_Position => Choice);
                  if Choice = 0 then
                     select
                        accept Wake_1 (1) do
                           T.E_Woken;
                        end Wake_1;
                        Choice := 1;
                     or
                        terminate;
                     end select;
                     --  rdv2po: callers that came too early wait in the object again
                     loop
                        select
                           accept Wake_1 (1) do
                              requeue T.E_Held with abort;
                           end Wake_1;
                        else
                           exit;
                        end select;
                     end loop;
                  end if;
                  case Choice is
                     when 1 =>
                        T.E_Take;
                        ACCEPT_ALTERNATIVE_TAKEN := TRUE;
                        BEFORE := CLOCK;
                        DELAY 0.1;
                        AFTER  := CLOCK;
                        IF AFTER - BEFORE < 0.1 THEN
                             FAILED ("INSUFFICIENT DELAY (A)");
                        END IF;
                     when others =>
                        null;
                  end case;
               end;
          END T_Agent;

     BEGIN

          T.E;

     END A;

     IF NOT ACCEPT_ALTERNATIVE_TAKEN THEN
          FAILED ("ACCEPT ALTERNATIVE NOT TAKEN");
     END IF;

     --------------------------------------------------

  B: DECLARE

          type T_Entry is (T_No_Entry, T_E);
          type T_Alternative is record
             Id : T_Entry := T_No_Entry;
             Index : Integer := 0;   --  'Pos of a family member's index
          end record;
          type T_Alternative_List is array (Positive range <>) of T_Alternative;
          --  rdv2po: task T became this protected object; its code runs in the
          --  task T_Agent, declared after it (general scheme: each rendezvous
          --  goes through the object)
          protected T is
             ENTRY E;
             --  rdv2po: the rendezvous protocol, for T_Agent
             entry Select_Arm
               (Order : T_Alternative_List;
                Chosen_Position : out Natural);
             procedure E_Take;
             function E_Count return Natural;
             procedure Close;
          private
             entry Select_Wait
               (Order : T_Alternative_List;
                Chosen_Position : out Natural);
             procedure Disarm;
             procedure Arm (Alternative : T_Alternative);
             function Queued (Alternative : T_Alternative) return Boolean;
             function Position_Of (Alternative : T_Alternative) return Natural;
             Armed_List : T_Alternative_List (1 .. 1);
             Armed_Last : Natural := 0;
             Position : Natural := 0;
             Chosen : T_Entry := T_No_Entry;
             Closed : Boolean := False;
             E_Armed : Boolean := False;
          end T;
          task T_Agent is
             --  rdv2po: general scheme agent of T
          end T_Agent;

          protected body T is

             entry E
               when Closed or else (Chosen = T_No_Entry and then E_Armed)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Position := Position_Of ((Id => T_E, Index => 0));
                Disarm;
                Chosen := T_E;
             end E;

             entry Select_Arm
               (Order : T_Alternative_List;
                Chosen_Position : out Natural)
               when not Closed is
                Found : Natural := 0;
             begin
                Disarm;
                Chosen_Position := 0;
                Armed_Last := 0;
                for K in Order'Range loop
                   if Order (K).Id /= T_No_Entry then
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
                   return;
                end if;
                requeue Select_Wait with abort;
             end Select_Arm;

             entry Select_Wait
               (Order : T_Alternative_List;
                Chosen_Position : out Natural)
               when Chosen /= T_No_Entry is
             begin
                Chosen_Position := Position;
             end Select_Wait;

             procedure Disarm is
             begin
                E_Armed := False;
             end Disarm;

             procedure Arm (Alternative : T_Alternative) is
             begin
                case Alternative.Id is
                   when T_E =>
                      E_Armed := True;
                   when others =>
                      null;
                end case;
             end Arm;

             function Queued (Alternative : T_Alternative) return Boolean is
             begin
                case Alternative.Id is
                   when T_E =>
                      return T.E'Count > 0;
                   when others =>
                      return False;
                end case;
             end Queued;

             function Position_Of (Alternative : T_Alternative) return Natural is
             begin
                for K in 1 .. Armed_Last loop
                   if Armed_List (K) = Alternative then
                      return K;
                   end if;
                end loop;
                return 0;
             end Position_Of;

             procedure E_Take is
             begin
                Chosen := T_No_Entry;
             end E_Take;

             function E_Count return Natural is
             begin
                return T.E'Count;
             end E_Count;

             procedure Close is
             begin
                Closed := True;
             end Close;
          end T;

          TASK BODY T_Agent IS
             --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
             type T_Closer is new Ada.Finalization.Limited_Controlled with null record;
             overriding procedure Finalize (Object : in out T_Closer);
             overriding procedure Finalize (Object : in out T_Closer) is
             begin
                T.Close;
             end Finalize;
             Closer : T_Closer;
               BEFORE, AFTER : TIME;
          BEGIN
               --ENSURE THAT E HAS BEEN CALLED BEFORE PROCEEDING:
               WHILE T.E_Count = 0 LOOP
                    DELAY 0.02;
               END LOOP;

               declare
                  Choice : Natural;
               begin
                  T.Select_Arm
                    (Order => (1 => (T_E, 0)),
                     Chosen_Position => Choice);
                  case Choice is
                     when 1 =>
                        T.E_Take;
                        BEFORE := CLOCK;
                        DELAY 0.1;
                        AFTER  := CLOCK;
                        IF AFTER - BEFORE < 0.1 THEN
                             FAILED ("INSUFFICIENT DELAY (B-1)");
                        END IF;
                     when others =>
                        FAILED ("ELSE PART EXECUTED (B-1)");
                  end case;
               end;

               declare
                  Choice : Natural;
               begin
                  T.Select_Arm
                    (Order => (1 => (T_E, 0)),
                     Chosen_Position => Choice);
                  case Choice is
                     when 1 =>
                        T.E_Take;
                        FAILED ("ACCEPT STATEMENT EXECUTED (B-2)");
                     when others =>
                        BEFORE := CLOCK;
                        DELAY 0.1;
                        AFTER  := CLOCK;
                        IF AFTER - BEFORE < 0.1 THEN
                             FAILED ("INSUFFICIENT DELAY (B-2)");
                        END IF;
                  end case;
               end;
          EXCEPTION
               WHEN OTHERS =>
                    FAILED ("EXCEPTION RAISED");
          END T_Agent;

     BEGIN

          T.E;

     END B;

     --------------------------------------------------

     RESULT;

END C97112A;
