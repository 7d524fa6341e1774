--  An entry call right after "abort T" must raise Tasking_Error: T is
--  abnormal from the abort on (RM 9.8, 9.5.3), though it may not have
--  completed yet.  (Repro abort_then_call: the general scheme's object closed
--  only when the aborted agent finalized, so the call could complete.)  The
--  same for an object of a task type, aborted through an array element.
with Ada.Finalization;
with Ada.Task_Identification;
with Ada.Exceptions;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type T_Entry is (T_No_Entry, T_E);
   --  rdv2po: task T became this protected object; its code runs in the task
   --  T_Agent, declared after it (general scheme: each rendezvous goes through
   --  the object)
   protected T is
      entry E (I : Integer);
      --  rdv2po: the rendezvous protocol, for T_Agent
      entry E_Accept_Begin;
      procedure Close;
   private
      Chosen : T_Entry := T_No_Entry;
      Closed : Boolean := False;
   end T;
   task T_Agent is
      --  rdv2po: general scheme agent of T
   end T_Agent;
   protected body T is

      entry E (I : Integer)
        when Closed
          or else (Chosen = T_No_Entry and then E_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := T_E;
      end E;

      entry E_Accept_Begin
        when Chosen = T_E is
      begin
         Chosen := T_No_Entry;
      end E_Accept_Begin;

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
   begin
      T.E_Accept_Begin;
      Put_Line ("T: accepted E (wrong)");
   end T_Agent;

   type W;
   type W_Entry is (W_No_Entry, W_E, W_Stop);
   type W_Alternative is record
      Id : W_Entry := W_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type W_Alternative_List is array (Positive range <>) of W_Alternative;
   task type W_Agent (Self : not null access W) is
      --  rdv2po: general scheme agent of W
   end W_Agent;
   --  rdv2po: task type W became this protected type; its code runs in
   --  W_Agent, a component of it (general scheme: each rendezvous goes through
   --  the object)
   protected type W is
      entry E (I : Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for W_Agent
      entry Select_Arm
        (Order : W_Alternative_List;
         Chosen_Position : out Natural);
      procedure E_Take (I : out Integer);
      procedure E_Accept_End;
      procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry E_Queue (I : in Integer);
      procedure Stop_Take;
      function Agent_Identity return Ada.Task_Identification.Task_Id;
      procedure Close;
   private
      entry Select_Wait
        (Order : W_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : W_Alternative);
      function Queued (Alternative : W_Alternative) return Boolean;
      function Position_Of (Alternative : W_Alternative) return Natural;
      Armed_List : W_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : W_Entry := W_No_Entry;
      Closed : Boolean := False;
      E_Armed : Boolean := False;
      E_I : Integer;
      E_Done : Boolean := False;
      E_Raised : Boolean := False;
      E_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Agent : W_Agent (Self => W'Unchecked_Access);
   end W;
   protected body W is

      entry E (I : Integer)
        when Closed or else (Chosen = W_No_Entry and then E_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => W_E, Index => 0));
         Disarm;
         Chosen := W_E;
         E_I := I;
         E_Done := False;
         requeue E_Queue;
      end E;

      entry Stop
        when Closed or else (Chosen = W_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => W_Stop, Index => 0));
         Disarm;
         Chosen := W_Stop;
      end Stop;

      entry Select_Arm
        (Order : W_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= W_No_Entry then
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

      entry Select_Wait
        (Order : W_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= W_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         E_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : W_Alternative) is
      begin
         case Alternative.Id is
            when W_E =>
               E_Armed := True;
            when W_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : W_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when W_E =>
               return W.E'Count > 0;
            when W_Stop =>
               return W.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : W_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure E_Take (I : out Integer) is
      begin
         I := E_I;
         Chosen := W_No_Entry;
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

      entry E_Queue (I : in Integer)
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

      procedure Stop_Take is
      begin
         Chosen := W_No_Entry;
      end Stop_Take;

      function Agent_Identity return Ada.Task_Identification.Task_Id is
      begin
         return Agent'Identity;
      end Agent_Identity;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end W;

   task body W_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type W_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out W_Closer);
      overriding procedure Finalize (Object : in out W_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : W_Closer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (W_E, 0),
                         2 => (W_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     I : Integer;
                  begin
                     Self.E_Take (I);
                     begin
                        if I < 0 then
                           Put_Line ("W: accepted E (wrong)");
                        end if;
                     exception
                        when Occurrence : others =>
                           Self.E_Failed (Occurrence);
                           raise;
                     end;
                     Self.E_Accept_End;
                  end;
               when 2 =>
                  Self.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end W_Agent;
   Pool : array (1 .. 2) of W;
begin
   Pool (1).E (1);
   abort T_Agent;
   T.Close;  --  rdv2po: abnormal now
   begin
      T.E (1);
      Put_Line ("call of T.E completed (wrong)");
   exception
      when Tasking_Error =>
         Put_Line ("T.E: Tasking_Error");
   end;
   Ada.Task_Identification.Abort_Task (Pool (2).Agent_Identity);
   Pool (2).Close;
   begin
      Pool (2).E (-1);
      Put_Line ("call of Pool (2).E completed (wrong)");
   exception
      when Tasking_Error =>
         Put_Line ("Pool (2).E: Tasking_Error");
   end;
   Pool (1).E (2);
   Put_Line ("Pool (1) still serves");
   Pool (1).Stop;
   Put_Line ("PASSED");
end Main;
