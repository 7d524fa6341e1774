-- C97115A.ADA  (ACATS, Grant of Unlimited Rights; header shortened)

-- CHECK WHETHER AN ENTRY FAMILY INDEX EXPRESSION FOLLOWING AN OPEN
-- GUARD IS EVALUATED DIRECTLY AFTER THE GUARD, OR ONLY AFTER ALL GUARDS
-- HAVE BEEN EVALUATED, OR IN SOME MIXED ORDER SUCH THAT INDEX
-- EXPRESSIONS ARE EVALUATED AFTER THEIR GUARDS ARE DETERMINED TO BE
-- OPEN. 

-- RM 5/11/82
-- SPS 11/21/82
-- JBG 10/24/83
-- PWN 09/11/94  REMOVED PRAGMA PRIORITY FOR ADA 9X.
-- rdv2po acceptance: polling delay shortened from 10.01 to 0.01 s.

with Ada.Finalization;
WITH REPORT; USE REPORT;
WITH SYSTEM; USE SYSTEM;
PROCEDURE C97115A IS


     -- THE TASK WILL HAVE LAST PRIORITY ( PRIORITY'FIRST )

     EVAL_ORDER  :  STRING (1..6)       := ( 1..6 => '*' );
     EVAL_ORD    :  STRING (1..6)       := ( 1..6 => '*' );
     INDEX       :  INTEGER             := 0; 


     FUNCTION F1 (X:INTEGER) RETURN INTEGER IS
     BEGIN
          INDEX := INDEX + 1; 
          EVAL_ORDER (INDEX) := 'F';    -- 123: FGH
          EVAL_ORD   (INDEX) := 'G';    -- 123: GGG ( 'G' FOR 'GUARD' )
          RETURN ( IDENT_INT(7) ); 
     END F1; 


     FUNCTION F2 (X:INTEGER) RETURN INTEGER IS
     BEGIN
          INDEX := INDEX + 1; 
          EVAL_ORDER (INDEX) := 'G'; 
          EVAL_ORD   (INDEX) := 'G'; 
          RETURN ( IDENT_INT(7) ); 
     END F2; 


     FUNCTION F3 (X:INTEGER) RETURN INTEGER IS
     BEGIN
          INDEX := INDEX + 1; 
          EVAL_ORDER (INDEX) := 'H'; 
          EVAL_ORD   (INDEX) := 'G'; 
          RETURN ( IDENT_INT(7) ); 
     END F3; 


     FUNCTION  I1 ( X:INTEGER )  RETURN BOOLEAN  IS
     BEGIN
          INDEX := INDEX + 1; 
          EVAL_ORDER (INDEX) := 'A';  -- 123: ABC
          EVAL_ORD   (INDEX) := 'I';  -- 123: III ( 'I' FOR 'INDEX' )
          RETURN ( IDENT_BOOL(TRUE) );    -- (THAT'S ENTRY-FAMILY INDEX)
     END I1; 


     FUNCTION  I2 ( X:INTEGER )  RETURN BOOLEAN  IS
     BEGIN
          INDEX := INDEX + 1; 
          EVAL_ORDER (INDEX) := 'B'; 
          EVAL_ORD   (INDEX) := 'I'; 
          RETURN ( IDENT_BOOL(TRUE) );
     END I2; 


     FUNCTION  I3 ( X:INTEGER )  RETURN BOOLEAN  IS
     BEGIN
          INDEX := INDEX + 1; 
          EVAL_ORDER (INDEX) := 'C'; 
          EVAL_ORD   (INDEX) := 'I'; 
          RETURN ( IDENT_BOOL(TRUE) );
     END I3; 

     FUNCTION POS_OF (FUNC : CHARACTER) RETURN INTEGER  IS
     BEGIN
          FOR I IN EVAL_ORDER'RANGE LOOP
               IF EVAL_ORDER(I) = FUNC THEN
                    RETURN I;
               END IF;
          END LOOP;
          FAILED ("DID NOT FIND LETTER " & FUNC);
          RETURN 0;
     END POS_OF;


BEGIN


     TEST ("C97115A", "CHECK THAT THE INDEX EXPRESSIONS ARE" &
                      " EVALUATED AFTER THE GUARDS BUT"      &
                      " BEFORE THE RENDEZVOUS IS ATTEMPTED"  );


     DECLARE
 

          type T_Entry is (T_No_Entry, T_E, T_E1);
          type T_Alternative is record
             Id : T_Entry := T_No_Entry;
             Index : Integer := 0;   --  'Pos of a family member's index
          end record;
          type T_Alternative_List is array (Positive range <>) of T_Alternative;
          type T_E_Set is array (BOOLEAN) of Boolean;
          --  rdv2po: task T became this protected object; its code runs in the
          --  task T_Agent, declared after it (general scheme: each rendezvous
          --  goes through the object)
          protected T is
             ENTRY E ( BOOLEAN );
             ENTRY E1;
             --  rdv2po: the rendezvous protocol, for T_Agent
             entry Select_Arm
               (Order : T_Alternative_List;
                Chosen_Position : out Natural);
             procedure E_Take;
             procedure E1_Take;
             function E1_Count return Natural;
             procedure Close;
          private
             entry Select_Wait
               (Order : T_Alternative_List;
                Chosen_Position : out Natural);
             procedure Disarm;
             procedure Arm (Alternative : T_Alternative);
             function Queued (Alternative : T_Alternative) return Boolean;
             function Position_Of (Alternative : T_Alternative) return Natural;
             Armed_List : T_Alternative_List (1 .. 4);
             Armed_Last : Natural := 0;
             Position : Natural := 0;
             Chosen : T_Entry := T_No_Entry;
             Closed : Boolean := False;
             E_Armed : T_E_Set := (others => False);
             E1_Armed : Boolean := False;
          end T;
          task T_Agent is
             --  rdv2po: general scheme agent of T
          end T_Agent; 


          protected body T is

             entry E (for Member in BOOLEAN)
               when Closed
                 or else (Chosen = T_No_Entry and then E_Armed (Member))
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Position := Position_Of ((Id => T_E, Index => BOOLEAN'Pos (Member)));
                Disarm;
                Chosen := T_E;
             end E;

             entry E1
               when Closed or else (Chosen = T_No_Entry and then E1_Armed)
             is
             begin
                if Closed then
                   raise Tasking_Error;
                end if;
                Position := Position_Of ((Id => T_E1, Index => 0));
                Disarm;
                Chosen := T_E1;
             end E1;

             entry Select_Arm
               (Order : T_Alternative_List;
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
                if not Any_Open then
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
                E_Armed := (others => False);
                E1_Armed := False;
             end Disarm;

             procedure Arm (Alternative : T_Alternative) is
             begin
                case Alternative.Id is
                   when T_E =>
                      E_Armed (BOOLEAN'Val (Alternative.Index)) := True;
                   when T_E1 =>
                      E1_Armed := True;
                   when others =>
                      null;
                end case;
             end Arm;

             function Queued (Alternative : T_Alternative) return Boolean is
             begin
                case Alternative.Id is
                   when T_E =>
                      return T.E (BOOLEAN'Val (Alternative.Index))'Count > 0;
                   when T_E1 =>
                      return T.E1'Count > 0;
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

             procedure E1_Take is
             begin
                Chosen := T_No_Entry;
             end E1_Take;

             function E1_Count return Natural is
             begin
                return T.E1'Count;
             end E1_Count;

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


               WHILE  T.E1_Count = 0  -- IF  E1  NOT YET CALLED, THEN GIVE
               LOOP                 --     THE MAIN TASK AN OPPORTUNITY
                    DELAY  0.01;    --     TO ISSUE THE CALL.
               END LOOP;


               declare
                  Choice : Natural;
               begin
                  T.Select_Arm
                    (Order => (1 => (T_E1, 0),
                               2 => ((if 6 + F1(7) = 13 then T_E else T_No_Entry), BOOLEAN'Pos (I1(17))),
                               3 => ((if 6 + F2(7) = 13 then T_E else T_No_Entry), BOOLEAN'Pos (I2(17))),
                               4 => ((if 6 + F3(7) = 13 then T_E else T_No_Entry), BOOLEAN'Pos (I3(17)))),
                     Chosen_Position => Choice);
                  case Choice is
                     when 1 =>
                        T.E1_Take;
                     when 2 =>
                        T.E_Take;
                     when 3 =>
                        T.E_Take;
                     when 4 =>
                        T.E_Take;
                     when others =>
                        null;
                  end case;
               end;


          END T_Agent; 


     BEGIN

          T.E1; 

     END; -- END OF BLOCK CONTAINING THE ENTRY CALLS


     COMMENT ("GUARD AND INDEX FUNCTIONS WERE CALLED IN ORDER " & 
               EVAL_ORDER);
     COMMENT ("GUARD AND INDEX EXPRESSIONS WERE EVALUATED IN THE " &
              "ORDER " & EVAL_ORD);

     IF POS_OF ('F') > POS_OF ('A') OR
        POS_OF ('G') > POS_OF ('B') OR
        POS_OF ('H') > POS_OF ('C') THEN
          FAILED ("AN INDEX EXPRESSION WAS EVALUATED TOO EARLY");
     END IF;

     RESULT;

END  C97115A;  
