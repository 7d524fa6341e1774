-- C97204A.ADA  (ACATS, Grant of Unlimited Rights; header shortened)

-- CHECK THAT THE EXCEPTION  TASKING_ERROR  WILL BE RAISED IF THE CALLED
--     TASK HAS ALREADY COMPLETED ITS EXECUTION AT THE TIME OF THE
--     CONDITIONAL_ENTRY_CALL.

-- RM 5/28/82
-- SPS 11/21/82
-- PWN 09/11/94  REMOVED PRAGMA PRIORITY FOR ADA 9X.
-- rdv2po acceptance: polling delay shortened from 10.0 to 0.05 s
-- (and the comment's "50 S." accordingly); nothing else changed.

with Ada.Finalization;
WITH REPORT; USE REPORT;
WITH SYSTEM; USE SYSTEM;
PROCEDURE  C97204A  IS

     -- THE TASK WILL HAVE HIGHER PRIORITY ( PRIORITY'LAST )

BEGIN


     -------------------------------------------------------------------


     TEST ("C97204A", "CHECK THAT THE EXCEPTION  TASKING_ERROR  WILL" &
                      " BE RAISED IF THE CALLED TASK HAS ALREADY"     &
                      " COMPLETED ITS EXECUTION AT THE TIME OF THE"   &
                      " CONDITIONAL_ENTRY_CALL"                       );

  
     DECLARE


          type T_TYPE;
          type T_TYPE_Entry is (T_TYPE_No_Entry, T_TYPE_E);
          task type T_TYPE_Agent (Self : not null access T_TYPE) is
             --  rdv2po: general scheme agent of T_TYPE
          end T_TYPE_Agent;
          --  rdv2po: task type T_TYPE became this protected type; its code
          --  runs in T_TYPE_Agent, a component of it (general scheme: each
          --  rendezvous goes through the object)
          protected type T_TYPE is
             ENTRY  E ;
             --  rdv2po: the rendezvous protocol, for T_TYPE_Agent
             function Agent_Terminated return Boolean;
             procedure Close;
          private
             Chosen : T_TYPE_Entry := T_TYPE_No_Entry;
             Closed : Boolean := False;
             Agent : T_TYPE_Agent (Self => T_TYPE'Unchecked_Access);
          end T_TYPE;


          T_OBJECT1 : T_TYPE ;


          protected body T_TYPE is

             entry E
               when Closed or else (Chosen = T_TYPE_No_Entry and then False)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Chosen := T_TYPE_E;
             end E;

             function Agent_Terminated return Boolean is
             begin
                return Agent'Terminated;
             end Agent_Terminated;

             procedure Close is
             begin
                Closed := True;
             end Close;
          end T_TYPE;

          TASK BODY  T_TYPE_Agent  IS
             --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
             type T_TYPE_Closer is new Ada.Finalization.Limited_Controlled with null record;
             overriding procedure Finalize (Object : in out T_TYPE_Closer);
             overriding procedure Finalize (Object : in out T_TYPE_Closer) is
             begin
                Self.Close;
             end Finalize;
             Closer : T_TYPE_Closer;
               BUSY : BOOLEAN := FALSE ;
          BEGIN

               NULL;

          END  T_TYPE_Agent ;


     BEGIN


          FOR  I  IN  1..5  LOOP
               EXIT WHEN  T_OBJECT1.Agent_Terminated ;
               DELAY 0.05 ;
          END LOOP;


          IF NOT  T_OBJECT1.Agent_Terminated  THEN
               COMMENT( "TASK NOT YET TERMINATED (AFTER 0.25 S.)" );
          END IF;


          BEGIN

               SELECT
                    T_OBJECT1.E ;
                    FAILED( "CALL WAS NOT DISOBEYED" );
               ELSE
                    FAILED( "'ELSE' BRANCH TAKEN INSTEAD OF TSKG_ERR" );
               END SELECT;

               FAILED( "EXCEPTION NOT RAISED" );

          EXCEPTION

               WHEN  TASKING_ERROR  =>
                    NULL ;

               WHEN  OTHERS  =>
                    FAILED(  "WRONG EXCEPTION RAISED"  );

          END ;


     END ;


     -------------------------------------------------------------------



     RESULT;


END  C97204A ;
