-- C97117A.ADA  (ACATS, Grant of Unlimited Rights)

-- CHECK THAT PROGRAM_ERROR IS RAISED IF ALL ALTERNATIVES ARE CLOSED AND
-- NO ELSE PART IS PRESENT.

-- WRG 7/10/86
-- (rdv2po acceptance: unchanged)

with Ada.Finalization;
WITH REPORT; USE REPORT;
PROCEDURE C97117A IS

BEGIN

     TEST ("C97117A", "CHECK THAT PROGRAM_ERROR IS RAISED IF ALL " &
                      "ALTERNATIVES ARE CLOSED AND NO ELSE PART IS " &
                      "PRESENT");

     DECLARE

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
                Timed_Wait : Boolean;
                Chosen_Position : out Natural);
             procedure E_Take;
             procedure Close;
          private
             entry Select_Wait
               (Order : T_Alternative_List;
                Timed_Wait : Boolean;
                Chosen_Position : out Natural);
             procedure Disarm;
             procedure Arm (Alternative : T_Alternative);
             function Queued (Alternative : T_Alternative) return Boolean;
             function Position_Of (Alternative : T_Alternative) return Natural;
             Armed_List : T_Alternative_List (1 .. 1);
             Armed_Last : Natural := 0;
             Position : Natural := 0;
             Chosen : T_Entry := T_No_Entry;
             Timed : Boolean := False;
             Closed : Boolean := False;
             E_Armed : Boolean := False;
          end T;
          task T_Agent is
             --  rdv2po: general scheme agent of T
          end T_Agent;

          protected body T is

             entry E
               when Closed
                 or else (Chosen = T_No_Entry
                          and then ((E_Armed and then (not Timed or else Select_Wait'Count > 0))))
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
                Timed_Wait : Boolean;
                Chosen_Position : out Natural)
               when not Closed is
                Found : Natural := 0;
                Any_Open : Boolean := False;
             begin
                Disarm;
                Chosen_Position := 0;
                Armed_Last := 0;
                for K in Order'Range loop
                   if Order (K).Id /= T_No_Entry then
                      Any_Open := True;
                      if Found = 0 and then Queued (Order (K)) then
                         Found := K;
                      end if;
                   end if;
                end loop;
                --  RM 9.7.1(21): every alternative closed and no else part
                if not Any_Open and then not Timed_Wait then
                   raise Program_Error;
                end if;
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
                Timed := Timed_Wait and then Found = 0;
                requeue Select_Wait with abort;
             end Select_Arm;

             entry Select_Wait
               (Order : T_Alternative_List;
                Timed_Wait : Boolean;
                Chosen_Position : out Natural)
               when Chosen /= T_No_Entry is
             begin
                Chosen_Position := Position;
             end Select_Wait;

             procedure Disarm is
             begin
                E_Armed := False;
                Timed := False;
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
          BEGIN
               declare
                  Choice : Natural;
               begin
                  if IDENT_BOOL (FALSE) then
                     select
                        T.Select_Arm
                          (Order => (1 => ((if IDENT_BOOL (FALSE) then T_E else T_No_Entry), 0)),
                           Timed_Wait => True,
                           Chosen_Position => Choice);
                     or
                        DELAY 0.0;
                        Choice := 0;
                     end select;
                  else
                     T.Select_Arm
                       (Order => (1 => ((if IDENT_BOOL (FALSE) then T_E else T_No_Entry), 0)),
                        Timed_Wait => False,
                        Chosen_Position => Choice);
                  end if;
                  case Choice is
                     when 1 =>
                        T.E_Take;
                        FAILED ("CLOSED ACCEPT ALTERNATIVE TAKEN " &
                                "FOR NONEXISTENT ENTRY CALL");
                     when others =>
                        FAILED ("CLOSED ALTERNATIVE TAKEN");
                  end case;
               end;
               FAILED ("PROGRAM_ERROR NOT RAISED");
          EXCEPTION
               WHEN PROGRAM_ERROR =>
                    NULL;
               WHEN OTHERS =>
                    FAILED ("WRONG EXCEPTION RAISED");
          END T_Agent;

     BEGIN

          NULL;

     END;

     RESULT;

END C97117A;
