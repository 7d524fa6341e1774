--C95022A.ADA  (ACATS, Grant of Unlimited Rights)

--CHECK THAT IT IS POSSIBLE TO ACCEPT AN ENTRY CALL FROM INSIDE THE
--THE BODY OF AN ACCEPT STATEMENT.

--CHECK THE CASE OF NORMAL ENTRY TERMINATION.

-- JEAN-PIERRE ROSEN 25-FEB-1984
-- JBG 6/1/84

-- FOUR CLIENT TASKS CALL ONE SERVER TASK.  EACH CLIENT CALLS JUST ONE
-- ENTRY OF THE SERVER TASK.  THE TEST CHECKS TO BE SURE THAT CALLS FROM
-- DIFFERENT TASKS ARE NOT MIXED UP.
-- (rdv2po acceptance: unchanged)

with Ada.Exceptions;
with Ada.Finalization;
WITH REPORT; USE REPORT;
PROCEDURE C95022A IS

BEGIN
     TEST("C95022A", "CHECK THAT EMBEDDED RENDEZVOUS ARE PROCESSED " &
                     "CORRECTLY");
     DECLARE

          type CLIENT;
          type CLIENT_Entry is
            (CLIENT_No_Entry,
             CLIENT_GET_ID,
             CLIENT_RESTART);
          task type CLIENT_Agent (Self : not null access CLIENT) is
             --  rdv2po: general scheme agent of CLIENT
          end CLIENT_Agent;
          --  rdv2po: task type CLIENT became this protected type; its code
          --  runs in CLIENT_Agent, a component of it (general scheme: each
          --  rendezvous goes through the object)
          protected type CLIENT is
             ENTRY GET_ID (I : INTEGER);
             ENTRY RESTART;
             --  rdv2po: the rendezvous protocol, for CLIENT_Agent
             entry GET_ID_Accept_Begin (I : out INTEGER);
             procedure GET_ID_Accept_End;
             procedure GET_ID_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
             entry GET_ID_Queue (I : in INTEGER);
             entry RESTART_Accept_Begin;
             procedure Close;
          private
             Chosen : CLIENT_Entry := CLIENT_No_Entry;
             Closed : Boolean := False;
             GET_ID_I : INTEGER;
             GET_ID_Done : Boolean := False;
             GET_ID_Raised : Boolean := False;
             GET_ID_Failure : Ada.Exceptions.Exception_Occurrence;
             Agent : CLIENT_Agent (Self => CLIENT'Unchecked_Access);
          end CLIENT;
     
          T_ARR : ARRAY (1..4) OF CLIENT;
     
          type SERVER_Entry is
            (SERVER_No_Entry,
             SERVER_E1,
             SERVER_E2,
             SERVER_E3,
             SERVER_E4);
          --  rdv2po: task SERVER became this protected object; its code runs
          --  in the task SERVER_Agent, declared after it (general scheme: each
          --  rendezvous goes through the object)
          protected SERVER is
             ENTRY E1 (I : IN OUT INTEGER);
             ENTRY E2 (I : IN OUT INTEGER);
             ENTRY E3 (I : IN OUT INTEGER);
             ENTRY E4 (I : IN OUT INTEGER);
             --  rdv2po: the rendezvous protocol, for SERVER_Agent
             entry E1_Accept_Begin (I : out INTEGER);
             procedure E1_Accept_End (I : in INTEGER);
             procedure E1_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
             entry E1_Queue (I : in out INTEGER);
             entry E2_Accept_Begin (I : out INTEGER);
             procedure E2_Accept_End (I : in INTEGER);
             procedure E2_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
             entry E2_Queue (I : in out INTEGER);
             entry E3_Accept_Begin (I : out INTEGER);
             procedure E3_Accept_End (I : in INTEGER);
             procedure E3_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
             entry E3_Queue (I : in out INTEGER);
             entry E4_Accept_Begin (I : out INTEGER);
             procedure E4_Accept_End (I : in INTEGER);
             procedure E4_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
             entry E4_Queue (I : in out INTEGER);
             procedure Close;
          private
             Chosen : SERVER_Entry := SERVER_No_Entry;
             Closed : Boolean := False;
             E1_I : INTEGER;
             E1_Done : Boolean := False;
             E1_Raised : Boolean := False;
             E1_Failure : Ada.Exceptions.Exception_Occurrence;
             E2_I : INTEGER;
             E2_Done : Boolean := False;
             E2_Raised : Boolean := False;
             E2_Failure : Ada.Exceptions.Exception_Occurrence;
             E3_I : INTEGER;
             E3_Done : Boolean := False;
             E3_Raised : Boolean := False;
             E3_Failure : Ada.Exceptions.Exception_Occurrence;
             E4_I : INTEGER;
             E4_Done : Boolean := False;
             E4_Raised : Boolean := False;
             E4_Failure : Ada.Exceptions.Exception_Occurrence;
          end SERVER;
          task SERVER_Agent is
             --  rdv2po: general scheme agent of SERVER
          end SERVER_Agent;
     
          protected body SERVER is

             entry E1 (I : IN OUT INTEGER)
               when Closed
                 or else (Chosen = SERVER_No_Entry
                          and then E1_Accept_Begin'Count > 0)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Chosen := SERVER_E1;
                E1_I := I;
                E1_Done := False;
                requeue E1_Queue;
             end E1;

             entry E2 (I : IN OUT INTEGER)
               when Closed
                 or else (Chosen = SERVER_No_Entry
                          and then E2_Accept_Begin'Count > 0)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Chosen := SERVER_E2;
                E2_I := I;
                E2_Done := False;
                requeue E2_Queue;
             end E2;

             entry E3 (I : IN OUT INTEGER)
               when Closed
                 or else (Chosen = SERVER_No_Entry
                          and then E3_Accept_Begin'Count > 0)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Chosen := SERVER_E3;
                E3_I := I;
                E3_Done := False;
                requeue E3_Queue;
             end E3;

             entry E4 (I : IN OUT INTEGER)
               when Closed
                 or else (Chosen = SERVER_No_Entry
                          and then E4_Accept_Begin'Count > 0)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Chosen := SERVER_E4;
                E4_I := I;
                E4_Done := False;
                requeue E4_Queue;
             end E4;

             entry E1_Accept_Begin (I : out INTEGER)
               when Chosen = SERVER_E1 is
             begin
                I := E1_I;
                Chosen := SERVER_No_Entry;
             end E1_Accept_Begin;

             procedure E1_Accept_End (I : in INTEGER) is
             begin
                E1_I := I;
                E1_Done := True;
             end E1_Accept_End;

             procedure E1_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
             begin
                Ada.Exceptions.Save_Occurrence (E1_Failure, Occurrence);
                E1_Raised := True;
                E1_Done := True;
             end E1_Failed;

             entry E1_Queue (I : in out INTEGER)
               when E1_Done or else Closed is
             begin
                if not E1_Done then
                   raise Tasking_Error;   --  the task ended during the rendezvous
                end if;
                E1_Done := False;
                if E1_Raised then
                   E1_Raised := False;
                   Ada.Exceptions.Reraise_Occurrence (E1_Failure);
                end if;
                I := E1_I;
             end E1_Queue;

             entry E2_Accept_Begin (I : out INTEGER)
               when Chosen = SERVER_E2 is
             begin
                I := E2_I;
                Chosen := SERVER_No_Entry;
             end E2_Accept_Begin;

             procedure E2_Accept_End (I : in INTEGER) is
             begin
                E2_I := I;
                E2_Done := True;
             end E2_Accept_End;

             procedure E2_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
             begin
                Ada.Exceptions.Save_Occurrence (E2_Failure, Occurrence);
                E2_Raised := True;
                E2_Done := True;
             end E2_Failed;

             entry E2_Queue (I : in out INTEGER)
               when E2_Done or else Closed is
             begin
                if not E2_Done then
                   raise Tasking_Error;   --  the task ended during the rendezvous
                end if;
                E2_Done := False;
                if E2_Raised then
                   E2_Raised := False;
                   Ada.Exceptions.Reraise_Occurrence (E2_Failure);
                end if;
                I := E2_I;
             end E2_Queue;

             entry E3_Accept_Begin (I : out INTEGER)
               when Chosen = SERVER_E3 is
             begin
                I := E3_I;
                Chosen := SERVER_No_Entry;
             end E3_Accept_Begin;

             procedure E3_Accept_End (I : in INTEGER) is
             begin
                E3_I := I;
                E3_Done := True;
             end E3_Accept_End;

             procedure E3_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
             begin
                Ada.Exceptions.Save_Occurrence (E3_Failure, Occurrence);
                E3_Raised := True;
                E3_Done := True;
             end E3_Failed;

             entry E3_Queue (I : in out INTEGER)
               when E3_Done or else Closed is
             begin
                if not E3_Done then
                   raise Tasking_Error;   --  the task ended during the rendezvous
                end if;
                E3_Done := False;
                if E3_Raised then
                   E3_Raised := False;
                   Ada.Exceptions.Reraise_Occurrence (E3_Failure);
                end if;
                I := E3_I;
             end E3_Queue;

             entry E4_Accept_Begin (I : out INTEGER)
               when Chosen = SERVER_E4 is
             begin
                I := E4_I;
                Chosen := SERVER_No_Entry;
             end E4_Accept_Begin;

             procedure E4_Accept_End (I : in INTEGER) is
             begin
                E4_I := I;
                E4_Done := True;
             end E4_Accept_End;

             procedure E4_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
             begin
                Ada.Exceptions.Save_Occurrence (E4_Failure, Occurrence);
                E4_Raised := True;
                E4_Done := True;
             end E4_Failed;

             entry E4_Queue (I : in out INTEGER)
               when E4_Done or else Closed is
             begin
                if not E4_Done then
                   raise Tasking_Error;   --  the task ended during the rendezvous
                end if;
                E4_Done := False;
                if E4_Raised then
                   E4_Raised := False;
                   Ada.Exceptions.Reraise_Occurrence (E4_Failure);
                end if;
                I := E4_I;
             end E4_Queue;

             procedure Close is
             begin
                Closed := True;
             end Close;
          end SERVER;

          TASK BODY SERVER_Agent IS
             --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
             type SERVER_Closer is new Ada.Finalization.Limited_Controlled with null record;
             overriding procedure Finalize (Object : in out SERVER_Closer);
             overriding procedure Finalize (Object : in out SERVER_Closer) is
             begin
                SERVER.Close;
             end Finalize;
             Closer : SERVER_Closer;
          BEGIN
     
               declare
                  I : INTEGER;
               begin
                  SERVER.E1_Accept_Begin (I);
                  begin
                     declare
                        I : INTEGER;
                     begin
                        SERVER.E2_Accept_Begin (I);
                        begin
                           I := IDENT_INT(I);
                           declare
                              I : INTEGER;
                           begin
                              SERVER.E3_Accept_Begin (I);
                              begin
                                 declare
                                    I : INTEGER;
                                 begin
                                    SERVER.E4_Accept_Begin (I);
                                    begin
                                       I := IDENT_INT(I);
                                    exception
                                       when Occurrence : others =>
                                          SERVER.E4_Failed (Occurrence);
                                          raise;
                                    end;
                                    SERVER.E4_Accept_End (I);
                                 end;
                                 I := IDENT_INT(I);
                              exception
                                 when Occurrence : others =>
                                    SERVER.E3_Failed (Occurrence);
                                    raise;
                              end;
                              SERVER.E3_Accept_End (I);
                           end;
                        exception
                           when Occurrence : others =>
                              SERVER.E2_Failed (Occurrence);
                              raise;
                        end;
                        SERVER.E2_Accept_End (I);
                     end;
                     I := IDENT_INT(I);
                  exception
                     when Occurrence : others =>
                        SERVER.E1_Failed (Occurrence);
                        raise;
                  end;
                  SERVER.E1_Accept_End (I);
               end;
     
               FOR I IN 1 .. 4 LOOP
                    T_ARR(I).RESTART;
               END LOOP;
          END SERVER_Agent;
     
          protected body CLIENT is

             entry GET_ID (I : INTEGER)
               when Closed
                 or else (Chosen = CLIENT_No_Entry
                          and then GET_ID_Accept_Begin'Count > 0)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Chosen := CLIENT_GET_ID;
                GET_ID_I := I;
                GET_ID_Done := False;
                requeue GET_ID_Queue;
             end GET_ID;

             entry RESTART
               when Closed
                 or else (Chosen = CLIENT_No_Entry
                          and then RESTART_Accept_Begin'Count > 0)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Chosen := CLIENT_RESTART;
             end RESTART;

             entry GET_ID_Accept_Begin (I : out INTEGER)
               when Chosen = CLIENT_GET_ID is
             begin
                I := GET_ID_I;
                Chosen := CLIENT_No_Entry;
             end GET_ID_Accept_Begin;

             procedure GET_ID_Accept_End is
             begin
                GET_ID_Done := True;
             end GET_ID_Accept_End;

             procedure GET_ID_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
             begin
                Ada.Exceptions.Save_Occurrence (GET_ID_Failure, Occurrence);
                GET_ID_Raised := True;
                GET_ID_Done := True;
             end GET_ID_Failed;

             entry GET_ID_Queue (I : in INTEGER)
               when GET_ID_Done or else Closed is
             begin
                if not GET_ID_Done then
                   raise Tasking_Error;   --  the task ended during the rendezvous
                end if;
                GET_ID_Done := False;
                if GET_ID_Raised then
                   GET_ID_Raised := False;
                   Ada.Exceptions.Reraise_Occurrence (GET_ID_Failure);
                end if;
             end GET_ID_Queue;

             entry RESTART_Accept_Begin
               when Chosen = CLIENT_RESTART is
             begin
                Chosen := CLIENT_No_Entry;
             end RESTART_Accept_Begin;

             procedure Close is
             begin
                Closed := True;
             end Close;
          end CLIENT;

          TASK BODY CLIENT_Agent IS
             --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
             type CLIENT_Closer is new Ada.Finalization.Limited_Controlled with null record;
             overriding procedure Finalize (Object : in out CLIENT_Closer);
             overriding procedure Finalize (Object : in out CLIENT_Closer) is
             begin
                Self.Close;
             end Finalize;
             Closer : CLIENT_Closer;
               ID      : INTEGER;
               SAVE_ID : INTEGER;
          BEGIN
               declare
                  I : INTEGER;
               begin
                  Self.GET_ID_Accept_Begin (I);
                  begin
                     ID := I;
                  exception
                     when Occurrence : others =>
                        Self.GET_ID_Failed (Occurrence);
                        raise;
                  end;
                  Self.GET_ID_Accept_End;
               end;
     
               SAVE_ID := ID;
     
               CASE ID IS
                    WHEN 1      => SERVER.E1(ID);
                    WHEN 2      => SERVER.E2(ID);
                    WHEN 3      => SERVER.E3(ID);
                    WHEN 4      => SERVER.E4(ID);
                    WHEN OTHERS => FAILED("INCORRECT ID");
               END CASE;

               Self.RESTART_Accept_Begin;  -- WAIT FOR ALL TASKS TO HAVE COMPLETED
                                -- RENDEZVOUS
               IF ID /= SAVE_ID THEN
                    FAILED("SCRAMBLED EMBEDDED RENDEZVOUS");
               END IF;
          EXCEPTION
               WHEN OTHERS => FAILED("EXCEPTION IN CLIENT");
          END CLIENT_Agent;
     
     BEGIN
          FOR I IN 1 .. 4 LOOP
               T_ARR(I).GET_ID(I);
          END LOOP;
     END;

     RESULT;

END C95022A;
