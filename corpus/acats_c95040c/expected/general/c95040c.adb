-- C95040C.ADA  (ACATS, Grant of Unlimited Rights; header shortened)

-- CHECKS THAT A TASK COMPLETED, BUT NOT TERMINATED (I.E. WAITING
-- FOR TERMINATION OF A DEPENDENT TASK) IS NEITHER 'TERMINATED NOR
-- 'CALLABLE.  CALLS TO ENTRIES BELONGING TO SUCH A TASK RAISE
-- TASKING_ERROR.

-- J.P. ROSEN, ADA PROJECT, NYU
-- JBG 6/1/84
-- JWC 6/28/85   RENAMED FROM C9A009A-B.ADA
-- PWN 9/11/94   REMOVED PRAGMA PRIORITY FOR ADA 9X
-- (rdv2po acceptance: unchanged apart from this header)

with Ada.Finalization;
WITH REPORT; USE REPORT;
WITH SYSTEM; USE SYSTEM;
PROCEDURE C95040C IS
BEGIN

     TEST ("C95040C", "TASKING_ERROR RAISED WHEN CALLING COMPLETED " &
                      "BUT UNTERMINATED TASK");

     DECLARE

          type T1_Entry is (T1_No_Entry, T1_E);
          --  rdv2po: task T1 became this protected object; its code runs in
          --  the task T1_Agent, declared after it (general scheme: each
          --  rendezvous goes through the object)
          protected T1 is
             ENTRY E;
             --  rdv2po: the rendezvous protocol, for T1_Agent
             function Agent_Callable return Boolean;
             procedure Close;
          private
             Chosen : T1_Entry := T1_No_Entry;
             Closed : Boolean := False;
          end T1;
          task T1_Agent is
             --  rdv2po: general scheme agent of T1
          end T1_Agent;

          protected body T1 is

             entry E
               when Closed or else (Chosen = T1_No_Entry and then False)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Chosen := T1_E;
             end E;

             function Agent_Callable return Boolean is
             begin
                return not Closed and then T1_Agent'Callable;
             end Agent_Callable;

             procedure Close is
             begin
                Closed := True;
             end Close;
          end T1;

          TASK BODY T1_Agent IS

             --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
             type T1_Closer is new Ada.Finalization.Limited_Controlled with null record;
             overriding procedure Finalize (Object : in out T1_Closer);
             overriding procedure Finalize (Object : in out T1_Closer) is
             begin
                T1.Close;
             end Finalize;
               TASK T2 IS
               END T2;

               TASK BODY T2 IS
               BEGIN
                    COMMENT ("BEGIN T2");
                    T1.E;          -- T1 WILL COMPLETE BEFORE THIS CALL
                                   -- OR WHILE WAITING FOR THIS CALL TO
                                   -- BE ACCEPTED.  WILL DEADLOCK IF
                                   -- TASKING_ERROR IS NOT RAISED.
                    FAILED ("NO TASKING_ERROR RAISED");
               EXCEPTION
                    WHEN TASKING_ERROR =>
                         IF T1.Agent_Callable THEN
                              FAILED ("T1 STILL CALLABLE");
                         END IF;

                         IF T1_Agent'TERMINATED THEN    -- T1 CAN'T TERMINATE
                                                  -- UNTIL T2 HAS
                                                  -- TERMINATED.
                              FAILED ("T1 TERMINATED");
                         END IF;
                    WHEN OTHERS =>
                         FAILED ("WRONG EXCEPTION");
               END T2;
          BEGIN
               declare
                  Closer : T1_Closer;   --  closes on completion
               begin
                  NULL;
               end;
          END;

     BEGIN
          NULL;
     END;

     RESULT;

END C95040C;
