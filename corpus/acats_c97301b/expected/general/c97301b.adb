-- C97301B.ADA  (ACATS, Grant of Unlimited Rights)

-- OBJECTIVE:
--     CHECK THAT A TIMED_ENTRY_CALL DELAYS FOR AT LEAST THE SPECIFIED
--     AMOUNT OF TIME IF A RENDEZVOUS IS NOT POSSIBLE.

--     CASE  B:  THE QUEUE FOR THE CALLED ENTRY ALREADY CONTAINS
--           ANOTHER  TASK WHOSE RENDEZVOUS CANNOT BE COMPLETED WITHIN
--           THE SPECIFIED DELAY.

--HISTORY:
--     RJW 03/31/86 CREATED ORIGINAL TEST.
--     DHH 10/20/87 SHORTENED LINES CONTAINING MORE THAN 72 CHARACTERS.
--     rdv2po acceptance: WAIT_TIME 3.0 -> 0.3 s, polling delay 1.0 -> 0.02 s.

with Ada.Finalization;
with Ada.Exceptions;
WITH REPORT; USE REPORT;
WITH CALENDAR; USE CALENDAR;
PROCEDURE C97301B IS

     OR_BRANCH_TAKEN : BOOLEAN := FALSE;

BEGIN

     TEST ("C97301B", "CHECK THAT A TIMED_ENTRY_CALL DELAYS FOR AT " &
                      "LEAST THE SPECIFIED AMOUNT OF TIME WHEN THE " &
                      "QUEUE FOR THE CALLED ENTRY ALREADY CONTAINS " &
                      "ANOTHER TASK WHOSE RENDEZVOUS CANNOT BE " &
                      "COMPLETED WITHIN THE SPECIFIED DELAY" );


     DECLARE
          WAIT_TIME  : DURATION :=  0.3;

          TASK T1;

          type T2_Entry is (T2_No_Entry, T2_AWAKEN_T2);
          --  rdv2po: task T2 became this protected object; its code runs in
          --  the task T2_Agent, declared after it (general scheme: each
          --  rendezvous goes through the object)
          protected T2 is
             ENTRY AWAKEN_T2;
             --  rdv2po: the rendezvous protocol, for T2_Agent
             entry AWAKEN_T2_Accept_Begin;
             procedure Close;
          private
             Chosen : T2_Entry := T2_No_Entry;
             Closed : Boolean := False;
          end T2;
          task T2_Agent is
             --  rdv2po: general scheme agent of T2
          end T2_Agent;

          type T3_Entry is (T3_No_Entry, T3_AWAKEN_T3, T3_RELEASE_T);
          --  rdv2po: task T3 became this protected object; its code runs in
          --  the task T3_Agent, declared after it (general scheme: each
          --  rendezvous goes through the object)
          protected T3 is
             ENTRY AWAKEN_T3;
             ENTRY RELEASE_T;
             --  rdv2po: the rendezvous protocol, for T3_Agent
             entry AWAKEN_T3_Accept_Begin;
             entry RELEASE_T_Accept_Begin;
             procedure Close;
          private
             Chosen : T3_Entry := T3_No_Entry;
             Closed : Boolean := False;
          end T3;
          task T3_Agent is
             --  rdv2po: general scheme agent of T3
          end T3_Agent;

          type T_Entry is (T_No_Entry, T_DO_IT_NOW_OR_WAIT);
          --  rdv2po: task T became this protected object; its code runs in the
          --  task T_Agent, declared after it (general scheme: each rendezvous
          --  goes through the object)
          protected T is
             ENTRY  DO_IT_NOW_OR_WAIT (X : INTEGER);
             --  rdv2po: the rendezvous protocol, for T_Agent
             entry DO_IT_NOW_OR_WAIT_Accept_Begin (X : out INTEGER);
             procedure DO_IT_NOW_OR_WAIT_Accept_End;
             procedure DO_IT_NOW_OR_WAIT_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
             entry DO_IT_NOW_OR_WAIT_Queue (X : in INTEGER);
             function DO_IT_NOW_OR_WAIT_Count return Natural;
             procedure Close;
          private
             Chosen : T_Entry := T_No_Entry;
             Closed : Boolean := False;
             DO_IT_NOW_OR_WAIT_X : INTEGER;
             DO_IT_NOW_OR_WAIT_Done : Boolean := False;
             DO_IT_NOW_OR_WAIT_Raised : Boolean := False;
             DO_IT_NOW_OR_WAIT_Failure : Ada.Exceptions.Exception_Occurrence;
          end T;
          task T_Agent is
             --  rdv2po: general scheme agent of T
          end T_Agent;

          protected body T is

             entry DO_IT_NOW_OR_WAIT (X : INTEGER)
               when Closed
                 or else (Chosen = T_No_Entry
                          and then DO_IT_NOW_OR_WAIT_Accept_Begin'Count > 0)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Chosen := T_DO_IT_NOW_OR_WAIT;
                DO_IT_NOW_OR_WAIT_X := X;
                DO_IT_NOW_OR_WAIT_Done := False;
                requeue DO_IT_NOW_OR_WAIT_Queue;
             end DO_IT_NOW_OR_WAIT;

             entry DO_IT_NOW_OR_WAIT_Accept_Begin (X : out INTEGER)
               when Chosen = T_DO_IT_NOW_OR_WAIT is
             begin
                X := DO_IT_NOW_OR_WAIT_X;
                Chosen := T_No_Entry;
             end DO_IT_NOW_OR_WAIT_Accept_Begin;

             procedure DO_IT_NOW_OR_WAIT_Accept_End is
             begin
                DO_IT_NOW_OR_WAIT_Done := True;
             end DO_IT_NOW_OR_WAIT_Accept_End;

             procedure DO_IT_NOW_OR_WAIT_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
             begin
                Ada.Exceptions.Save_Occurrence
                  (DO_IT_NOW_OR_WAIT_Failure,
                   Occurrence);
                DO_IT_NOW_OR_WAIT_Raised := True;
                DO_IT_NOW_OR_WAIT_Done := True;
             end DO_IT_NOW_OR_WAIT_Failed;

             entry DO_IT_NOW_OR_WAIT_Queue (X : in INTEGER)
               when DO_IT_NOW_OR_WAIT_Done or else Closed is
             begin
                if not DO_IT_NOW_OR_WAIT_Done then
                   raise Tasking_Error;   --  the task ended during the rendezvous
                end if;
                DO_IT_NOW_OR_WAIT_Done := False;
                if DO_IT_NOW_OR_WAIT_Raised then
                   DO_IT_NOW_OR_WAIT_Raised := False;
                   Ada.Exceptions.Reraise_Occurrence (DO_IT_NOW_OR_WAIT_Failure);
                end if;
             end DO_IT_NOW_OR_WAIT_Queue;

             function DO_IT_NOW_OR_WAIT_Count return Natural is
             begin
                return T.DO_IT_NOW_OR_WAIT'Count;
             end DO_IT_NOW_OR_WAIT_Count;

             procedure Close is
             begin
                Closed := True;
             end Close;
          end T;

          TASK BODY  T_Agent  IS
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
                  X : INTEGER;
               begin
                  T.DO_IT_NOW_OR_WAIT_Accept_Begin (X);
                  begin
                     IF X = 1 THEN
                          T2.AWAKEN_T2;
                          WHILE T.DO_IT_NOW_OR_WAIT_Count = 0 LOOP
                               DELAY 0.02;
                          END LOOP;
                          T3.AWAKEN_T3;
                          T3.RELEASE_T;
                     ELSE
                          FAILED ("WRONG TASK IN RENDEZVOUS - 1");
                     END IF;
                  exception
                     when Occurrence : others =>
                        T.DO_IT_NOW_OR_WAIT_Failed (Occurrence);
                        raise;
                  end;
                  T.DO_IT_NOW_OR_WAIT_Accept_End;
               end;
               declare
                  X : INTEGER;
               begin
                  T.DO_IT_NOW_OR_WAIT_Accept_Begin (X);
                  begin
                     IF X /= 2 THEN
                          FAILED ("WRONG TASK IN RENDEZVOUS - 2");
                     END IF;
                  exception
                     when Occurrence : others =>
                        T.DO_IT_NOW_OR_WAIT_Failed (Occurrence);
                        raise;
                  end;
                  T.DO_IT_NOW_OR_WAIT_Accept_End;
               end;
          END  T_Agent;

          TASK BODY T1 IS
          BEGIN
               T.DO_IT_NOW_OR_WAIT (1);
          END T1;

          protected body T2 is

             entry AWAKEN_T2
               when Closed
                 or else (Chosen = T2_No_Entry
                          and then AWAKEN_T2_Accept_Begin'Count > 0)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Chosen := T2_AWAKEN_T2;
             end AWAKEN_T2;

             entry AWAKEN_T2_Accept_Begin
               when Chosen = T2_AWAKEN_T2 is
             begin
                Chosen := T2_No_Entry;
             end AWAKEN_T2_Accept_Begin;

             procedure Close is
             begin
                Closed := True;
             end Close;
          end T2;

          TASK BODY T2_Agent IS
             --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
             type T2_Closer is new Ada.Finalization.Limited_Controlled with null record;
             overriding procedure Finalize (Object : in out T2_Closer);
             overriding procedure Finalize (Object : in out T2_Closer) is
             begin
                T2.Close;
             end Finalize;
             Closer : T2_Closer;
          BEGIN
               T2.AWAKEN_T2_Accept_Begin;
               T.DO_IT_NOW_OR_WAIT (2);
          END T2_Agent;

          protected body T3 is

             entry AWAKEN_T3
               when Closed
                 or else (Chosen = T3_No_Entry
                          and then AWAKEN_T3_Accept_Begin'Count > 0)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Chosen := T3_AWAKEN_T3;
             end AWAKEN_T3;

             entry RELEASE_T
               when Closed
                 or else (Chosen = T3_No_Entry
                          and then RELEASE_T_Accept_Begin'Count > 0)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Chosen := T3_RELEASE_T;
             end RELEASE_T;

             entry AWAKEN_T3_Accept_Begin
               when Chosen = T3_AWAKEN_T3 is
             begin
                Chosen := T3_No_Entry;
             end AWAKEN_T3_Accept_Begin;

             entry RELEASE_T_Accept_Begin
               when Chosen = T3_RELEASE_T is
             begin
                Chosen := T3_No_Entry;
             end RELEASE_T_Accept_Begin;

             procedure Close is
             begin
                Closed := True;
             end Close;
          end T3;

          TASK BODY T3_Agent IS
             --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
             type T3_Closer is new Ada.Finalization.Limited_Controlled with null record;
             overriding procedure Finalize (Object : in out T3_Closer);
             overriding procedure Finalize (Object : in out T3_Closer) is
             begin
                T3.Close;
             end Finalize;
             Closer : T3_Closer;
               START_TIME : TIME;
               STOP_TIME : TIME;
          BEGIN
               BEGIN
                    T3.AWAKEN_T3_Accept_Begin;
                    START_TIME := CLOCK;
                    SELECT
                         T.DO_IT_NOW_OR_WAIT (3);
                    OR
                                         -- THIS BRANCH MUST BE CHOSEN.
                         DELAY WAIT_TIME;
                         STOP_TIME := CLOCK;
                         IF STOP_TIME >= (WAIT_TIME + START_TIME) THEN
                              NULL;
                         ELSE
                              FAILED ( "INSUFFICIENT DELAY" );
                         END IF;
                         OR_BRANCH_TAKEN := TRUE;
                         COMMENT( "OR_BRANCH TAKEN" );
                         T3.RELEASE_T_Accept_Begin;
                    END SELECT;
               EXCEPTION
                    WHEN TASKING_ERROR =>
                         FAILED ( "TASKING ERROR" );
               END;
                             -- END OF BLOCK CONTAINING TIMED
                             -- ENTRY CALL.

                             -- BY NOW, THE TASK T IS EFFECTIVELY
                             -- TERMINATED (AND THE NONLOCALS UPDATED).

               IF OR_BRANCH_TAKEN THEN
                    NULL;
               ELSE
                    FAILED( "RENDEZVOUS ATTEMPTED" );
               END IF;
          END T3_Agent;
     BEGIN
          NULL;
     END;

     RESULT;

END C97301B;
