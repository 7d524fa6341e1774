pragma Queuing_Policy (FIFO_Queuing);
--  A configuration pragma opens the file, and the program's own
--  "with Ada.Finalization;" is not its first context item: the with clauses
--  a rewrite adds must go after the pragma (RM 10.1.5(8)), and a unit
--  already named anywhere in the context clause must not be named again.
with Ada.Exceptions;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Finalization;
procedure Main is
   Finalized : Natural := 0;

   type Tracker is new Ada.Finalization.Controlled with null record;
   overriding procedure Finalize (Object : in out Tracker);
   overriding procedure Finalize (Object : in out Tracker) is
   begin
      Finalized := Finalized + 1;
   end Finalize;

   type T_Entry is (T_No_Entry, T_E);
   type T_Alternative is record
      Id : T_Entry := T_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type T_Alternative_List is array (Positive range <>) of T_Alternative;
   --  rdv2po: task T became this protected object; its code runs in the task
   --  T_Agent, declared after it (general scheme: each rendezvous goes through
   --  the object)
   protected T is
      entry E (X : out Integer);
      --  rdv2po: the rendezvous protocol, for T_Agent
      entry Select_Arm
        (Order : T_Alternative_List;
         Chosen_Position : out Natural);
      entry E_Held (X : out Integer);
      procedure E_Woken (X : in Integer);
      procedure E_Take (X : out Integer);
      procedure E_Accept_End (X : in Integer);
      procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry E_Queue (X : out Integer);
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
      E_X : Integer;
      E_Done : Boolean := False;
      E_Raised : Boolean := False;
      E_Failure : Ada.Exceptions.Exception_Occurrence;
   end T;
   task T_Agent is
      --  rdv2po: general scheme agent of T
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : out Integer);
   end T_Agent;

   protected body T is

      entry E (X : out Integer)
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
         E_Woken (X);
         requeue E_Queue;
      end E;

      entry E_Held (X : out Integer)
        when Closed or else (Chosen = T_No_Entry and then E_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => T_E, Index => 0));
         E_Woken (X);
         requeue E_Queue;
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

      procedure E_Take (X : out Integer) is
      begin
         X := E_X;
         Chosen := T_No_Entry;
      end E_Take;

      procedure E_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := T_E;
         E_X := X;
         E_Done := False;
      end E_Woken;

      procedure E_Accept_End (X : in Integer) is
      begin
         E_X := X;
         E_Done := True;
      end E_Accept_End;

      procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (E_Failure, Occurrence);
         E_Raised := True;
         E_Done := True;
      end E_Failed;

      entry E_Queue (X : out Integer)
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
         X := E_X;
      end E_Queue;

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
      Next : Integer := 40;
   begin
      loop
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
                  accept Wake_1 (1) (Value_1 : out Integer) do
                     T.E_Woken (Value_1);
                     requeue T.E_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : out Integer) do
                        requeue T.E_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     T.E_Take (X);
                     begin
                        Next := Next + 1;
                        X := Next;
                     exception
                        when Occurrence : others =>
                           T.E_Failed (Occurrence);
                           raise;
                     end;
                     T.E_Accept_End (X);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end T_Agent;

   V : Integer;
begin
   declare
      Local : Tracker;
      pragma Unreferenced (Local);
   begin
      T.E (V);
      Put_Line ("first:" & Integer'Image (V));
   end;
   T.E (V);
   Put_Line ("second:" & Integer'Image (V));
   Put_Line ("finalized:" & Natural'Image (Finalized));
   Put_Line ("PASSED");
end Main;
