--  Overloaded entries (same name, different parameter profiles), each with
--  its own accept in one select, and one also accepted before the loop with
--  its formal part written another way: a call must run the accept body of
--  the overload it names (repro overloaded_entries: the server scheme ran
--  the first accept body for every overload).
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Last : Integer := 0;

   type T_Entry is (T_No_Entry, T_E, T_E_2, T_E_3, T_Stop);
   type T_Alternative is record
      Id : T_Entry := T_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type T_Alternative_List is array (Positive range <>) of T_Alternative;
   --  rdv2po: task T became this protected object; its code runs in the task
   --  T_Agent, declared after it (general scheme: each rendezvous goes through
   --  the object)
   protected T is
      entry E (A : Integer);
      entry E (A, B : Integer);
      entry E (A : Integer; R : out Long_Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for T_Agent
      entry Select_Arm
        (Order : T_Alternative_List;
         Chosen_Position : out Natural);
      procedure E_Take (A : out Integer);
      procedure E_Accept_End;
      procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry E_Queue (A : in Integer);
      entry E_Accept_Begin_2 (A : out Integer; B : out Integer);
      procedure E_Take_2 (A : out Integer; B : out Integer);
      procedure E_Accept_End_2;
      procedure E_Failed_2 (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry E_Queue_2 (A : in Integer; B : in Integer);
      procedure E_Take_3 (A : out Integer; R : out Long_Integer);
      procedure E_Accept_End_3 (R : in Long_Integer);
      procedure E_Failed_3 (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry E_Queue_3 (A : in Integer; R : out Long_Integer);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Check
        (Order : T_Alternative_List;
         Chosen_Position : out Natural);
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
      E_Armed : Boolean := False;
      E_A : Integer;
      E_Done : Boolean := False;
      E_Raised : Boolean := False;
      E_Failure : Ada.Exceptions.Exception_Occurrence;
      E_Armed_2 : Boolean := False;
      E_A_2 : Integer;
      E_B : Integer;
      E_Done_2 : Boolean := False;
      E_Raised_2 : Boolean := False;
      E_Failure_2 : Ada.Exceptions.Exception_Occurrence;
      E_Armed_3 : Boolean := False;
      E_A_3 : Integer;
      E_R : Long_Integer;
      E_Done_3 : Boolean := False;
      E_Raised_3 : Boolean := False;
      E_Failure_3 : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end T;
   task T_Agent is
      --  rdv2po: general scheme agent of T
   end T_Agent;

   protected body T is

      entry E (A : Integer)
        when Closed or else (Chosen = T_No_Entry and then E_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => T_E, Index => 0));
         Disarm;
         Chosen := T_E;
         E_A := A;
         E_Done := False;
         requeue E_Queue;
      end E;

      entry E (A, B : Integer)
        when Closed
          or else (Chosen = T_No_Entry
                   and then (E_Accept_Begin_2'Count > 0 or else E_Armed_2))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => T_E_2, Index => 0));
         Disarm;
         Chosen := T_E_2;
         E_A_2 := A;
         E_B := B;
         E_Done_2 := False;
         requeue E_Queue_2;
      end E;

      entry E (A : Integer; R : out Long_Integer)
        when Closed or else (Chosen = T_No_Entry and then E_Armed_3)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => T_E_3, Index => 0));
         Disarm;
         Chosen := T_E_3;
         E_A_3 := A;
         E_R := R;
         E_Done_3 := False;
         requeue E_Queue_3;
      end E;

      entry Stop
        when Closed or else (Chosen = T_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => T_Stop, Index => 0));
         Disarm;
         Chosen := T_Stop;
      end Stop;

      entry Select_Arm
        (Order : T_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
         Countable : Boolean := True;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= T_No_Entry then
               Any_Open := True;
               if Order (K).Id in T_E | T_E_2 | T_E_3 then
                  Countable := False;
               end if;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open then
            raise Program_Error;
         end if;
         if not Countable then
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
            requeue Select_Check;
         end if;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
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

      entry Select_Check
        (Order : T_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
      begin
         if Chosen /= T_No_Entry then
            Chosen_Position := Position;
         else
            requeue Select_Wait with abort;
         end if;
      end Select_Check;

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
         E_Armed_2 := False;
         E_Armed_3 := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : T_Alternative) is
      begin
         case Alternative.Id is
            when T_E =>
               E_Armed := True;
            when T_E_2 =>
               E_Armed_2 := True;
            when T_E_3 =>
               E_Armed_3 := True;
            when T_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : T_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when T_Stop =>
               return T.Stop'Count > 0;
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

      procedure E_Take (A : out Integer) is
      begin
         A := E_A;
         Chosen := T_No_Entry;
      end E_Take;

      procedure E_Accept_End is
      begin
         E_Done := True;
      end E_Accept_End;

      procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (E_Failure, Occurrence);
         E_Raised := True;
         E_Done := True;
      end E_Failed;

      entry E_Queue (A : in Integer)
        when E_Done or else Closed is
      begin
         if not E_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         E_Done := False;
         if E_Raised then
            E_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (E_Failure);
         end if;
      end E_Queue;

      entry E_Accept_Begin_2 (A : out Integer; B : out Integer)
        when Chosen = T_E_2 is
      begin
         A := E_A_2;
         B := E_B;
         Chosen := T_No_Entry;
      end E_Accept_Begin_2;

      procedure E_Take_2 (A : out Integer; B : out Integer) is
      begin
         A := E_A_2;
         B := E_B;
         Chosen := T_No_Entry;
      end E_Take_2;

      procedure E_Accept_End_2 is
      begin
         E_Done_2 := True;
      end E_Accept_End_2;

      procedure E_Failed_2 (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (E_Failure_2, Occurrence);
         E_Raised_2 := True;
         E_Done_2 := True;
      end E_Failed_2;

      entry E_Queue_2 (A : in Integer; B : in Integer)
        when E_Done_2 or else Closed is
      begin
         if not E_Done_2 then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         E_Done_2 := False;
         if E_Raised_2 then
            E_Raised_2 := False;
            Ada.Exceptions.Reraise_Occurrence (E_Failure_2);
         end if;
      end E_Queue_2;

      procedure E_Take_3 (A : out Integer; R : out Long_Integer) is
      begin
         A := E_A_3;
         R := E_R;
         Chosen := T_No_Entry;
      end E_Take_3;

      procedure E_Accept_End_3 (R : in Long_Integer) is
      begin
         E_R := R;
         E_Done_3 := True;
      end E_Accept_End_3;

      procedure E_Failed_3 (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (E_Failure_3, Occurrence);
         E_Raised_3 := True;
         E_Done_3 := True;
      end E_Failed_3;

      entry E_Queue_3 (A : in Integer; R : out Long_Integer)
        when E_Done_3 or else Closed is
      begin
         if not E_Done_3 then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         E_Done_3 := False;
         if E_Raised_3 then
            E_Raised_3 := False;
            Ada.Exceptions.Reraise_Occurrence (E_Failure_3);
         end if;
         R := E_R;
      end E_Queue_3;

      procedure Stop_Take is
      begin
         Chosen := T_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end T;

   task body T_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type T_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out T_Closer);
      overriding procedure Finalize (Object : in out T_Closer) is
      begin
         T.Close;
      end Finalize;
      Closer : T_Closer;
      Total : Integer := 0;
   begin
      declare
         A : Integer;
         B : Integer;
      begin
         T.E_Accept_Begin_2 (A, B);
         begin
            Last := 20;
            Total := A + B;
         exception
            when Occurrence : others =>
               T.E_Failed_2 (Occurrence);
               raise;
         end;
         T.E_Accept_End_2;
      end;
      loop
         declare
            Choice : Natural;
         begin
            T.Select_Arm
              (Order => (1 => (T_E, 0),
                         2 => (T_E_2, 0),
                         3 => (T_E_3, 0),
                         4 => (T_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     A : Integer;
                  begin
                     T.E_Take (A);
                     begin
                        Last := 1;
                        Total := Total + A;
                     exception
                        when Occurrence : others =>
                           T.E_Failed (Occurrence);
                           raise;
                     end;
                     T.E_Accept_End;
                  end;
               when 2 =>
                  declare
                     A : Integer;
                     B : Integer;
                  begin
                     T.E_Take_2 (A, B);
                     begin
                        Last := 2;
                        Total := Total + A * B;
                     exception
                        when Occurrence : others =>
                           T.E_Failed_2 (Occurrence);
                           raise;
                     end;
                     T.E_Accept_End_2;
                  end;
               when 3 =>
                  declare
                     A : Integer;
                     R : Long_Integer;
                  begin
                     T.E_Take_3 (A, R);
                     begin
                        Last := 3;
                        R := Long_Integer (Total + A);
                     exception
                        when Occurrence : others =>
                           T.E_Failed_3 (Occurrence);
                           raise;
                     end;
                     T.E_Accept_End_3 (R);
                  end;
               when 4 =>
                  T.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end T_Agent;

   R : Long_Integer := 0;
begin
   T.E (0, B => 10);
   Put_Line ("after E (A, B):" & Integer'Image (Last));
   T.E (1);
   Put_Line ("after E (A):" & Integer'Image (Last));
   T.E (3, B => 4);
   Put_Line ("after E (A, B):" & Integer'Image (Last));
   T.E (100, R);
   Put_Line ("after E (A, R):" & Integer'Image (Last) & Long_Integer'Image (R));
   T.E (2);
   Put_Line ("after E (A):" & Integer'Image (Last));
   T.Stop;
   Put_Line ("PASSED");
end Main;
