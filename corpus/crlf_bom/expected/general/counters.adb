--  Zähler: Körper des Servers (body of the counting server).

with Ada.Exceptions;
with Ada.Finalization;
package body Counters is

   type Counter_Entry is (Counter_No_Entry, Counter_Increment, Counter_Value);
   type Counter_Alternative is record
      Id : Counter_Entry := Counter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Counter_Alternative_List is array (Positive range <>) of Counter_Alternative;
   --  rdv2po: the rendezvous of task Counter, for Counter_Agent
   protected Counter_Rendezvous is
      entry Increment (By : in Positive);
      --  Zähler += By
      entry Value (V : out Natural; Calls : out Natural);
      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      entry Increment_Held (By : in Positive);
      procedure Increment_Woken (By : in Positive);
      procedure Increment_Take (By : out Positive);
      procedure Increment_Accept_End;
      procedure Increment_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Increment_Queue (By : in Positive);
      entry Value_Held (V : out Natural; Calls : out Natural);
      procedure Value_Woken (V : in Natural; Calls : in Natural);
      procedure Value_Take (V : out Natural; Calls : out Natural);
      procedure Value_Accept_End (V : in Natural; Calls : in Natural);
      procedure Value_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Value_Queue (V : out Natural; Calls : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Counter_Alternative);
      function Queued (Alternative : Counter_Alternative) return Boolean;
      function Position_Of (Alternative : Counter_Alternative) return Natural;
      Armed_List : Counter_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Counter_Entry := Counter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Increment_Armed : Boolean := False;
      Increment_By : Positive;
      Increment_Done : Boolean := False;
      Increment_Raised : Boolean := False;
      Increment_Failure : Ada.Exceptions.Exception_Occurrence;
      Value_Armed : Boolean := False;
      Value_V : Natural;
      Value_Calls : Natural;
      Value_Done : Boolean := False;
      Value_Raised : Boolean := False;
      Value_Failure : Ada.Exceptions.Exception_Occurrence;
   end Counter_Rendezvous;
   task Counter_Agent is
      --  rdv2po: general scheme agent of Counter_Rendezvous
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Positive);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Natural; Value_2 : out Natural);
   end Counter_Agent;

   protected body Counter is
      --  rdv2po: each call goes on to Counter_Rendezvous, as cancellable as it
      --  was
      entry Increment (By : in Positive) when True is
      begin
         requeue Counter_Rendezvous.Increment with abort;
      end Increment;

      entry Value (V : out Natural; Calls : out Natural) when True is
      begin
         requeue Counter_Rendezvous.Value with abort;
      end Value;
   end Counter;

   protected body Counter_Rendezvous is

      entry Increment (By : in Positive)
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Increment_Armed
                   and then Increment_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Counter_Agent.Wake_1
              (Position_Of ((Id => Counter_Increment, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Counter_Increment, Index => 0));
         Increment_Woken (By);
         requeue Increment_Queue;
      end Increment;

      entry Increment_Held (By : in Positive)
        when Closed
          or else (Chosen = Counter_No_Entry and then Increment_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Increment, Index => 0));
         Increment_Woken (By);
         requeue Increment_Queue;
      end Increment_Held;

      entry Value (V : out Natural; Calls : out Natural)
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Value_Armed
                   and then Value_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Counter_Agent.Wake_2
              (Position_Of ((Id => Counter_Value, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Counter_Value, Index => 0));
         Value_Woken (V, Calls);
         requeue Value_Queue;
      end Value;

      entry Value_Held (V : out Natural; Calls : out Natural)
        when Closed or else (Chosen = Counter_No_Entry and then Value_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Value, Index => 0));
         Value_Woken (V, Calls);
         requeue Value_Queue;
      end Value_Held;

      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Counter_No_Entry then
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
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Counter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Increment_Armed := False;
         Value_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Counter_Alternative) is
      begin
         case Alternative.Id is
            when Counter_Increment =>
               Increment_Armed := True;
            when Counter_Value =>
               Value_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Counter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Counter_Increment =>
               return Counter_Rendezvous.Increment'Count
                 + Increment_Held'Count > 0;
            when Counter_Value =>
               return Counter_Rendezvous.Value'Count + Value_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Counter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Increment_Take (By : out Positive) is
      begin
         By := Increment_By;
         Chosen := Counter_No_Entry;
      end Increment_Take;

      procedure Increment_Woken (By : in Positive) is
      begin
         Disarm;
         Chosen := Counter_Increment;
         Increment_By := By;
         Increment_Done := False;
      end Increment_Woken;

      procedure Increment_Accept_End is
      begin
         Increment_Done := True;
      end Increment_Accept_End;

      procedure Increment_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Increment_Failure, Occurrence);
         Increment_Raised := True;
         Increment_Done := True;
      end Increment_Failed;

      entry Increment_Queue (By : in Positive)
        when Increment_Done or else Closed is
      begin
         if not Increment_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Increment_Done := False;
         if Increment_Raised then
            Increment_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Increment_Failure);
         end if;
      end Increment_Queue;

      procedure Value_Take (V : out Natural; Calls : out Natural) is
      begin
         V := Value_V;
         Calls := Value_Calls;
         Chosen := Counter_No_Entry;
      end Value_Take;

      procedure Value_Woken (V : in Natural; Calls : in Natural) is
      begin
         Disarm;
         Chosen := Counter_Value;
         Value_V := V;
         Value_Calls := Calls;
         Value_Done := False;
      end Value_Woken;

      procedure Value_Accept_End (V : in Natural; Calls : in Natural) is
      begin
         Value_V := V;
         Value_Calls := Calls;
         Value_Done := True;
      end Value_Accept_End;

      procedure Value_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Value_Failure, Occurrence);
         Value_Raised := True;
         Value_Done := True;
      end Value_Failed;

      entry Value_Queue (V : out Natural; Calls : out Natural)
        when Value_Done or else Closed is
      begin
         if not Value_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Value_Done := False;
         if Value_Raised then
            Value_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Value_Failure);
         end if;
         V := Value_V;
         Calls := Value_Calls;
      end Value_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Counter_Rendezvous;

   task body Counter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Counter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Counter_Closer);
      overriding procedure Finalize (Object : in out Counter_Closer) is
      begin
         Counter_Rendezvous.Close;
      end Finalize;
      Closer : Counter_Closer;
      Total : Natural := 0;   --  Zählerstand
      N     : Natural := 0;   --  Anzahl der Aufrufe
   begin
      loop
         declare
            Alternatives : constant Counter_Alternative_List :=
              (1 => (Counter_Increment, 0),
               2 => (Counter_Value, 0));
            Choice : Natural;
         begin
            Counter_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Positive) do
                     Counter_Rendezvous.Increment_Woken (Value_1);
                     requeue Counter_Rendezvous.Increment_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Natural; Value_2 : out Natural) do
                     Counter_Rendezvous.Value_Woken (Value_1, Value_2);
                     requeue Counter_Rendezvous.Value_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Positive) do
                        requeue Counter_Rendezvous.Increment_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Natural; Value_2 : out Natural) do
                        requeue Counter_Rendezvous.Value_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     By : Positive;
                  begin
                     Counter_Rendezvous.Increment_Take (By);
                     begin
                        Total := Total + By;
                     exception
                        when Occurrence : others =>
                           Counter_Rendezvous.Increment_Failed (Occurrence);
                           raise;
                     end;
                     Counter_Rendezvous.Increment_Accept_End;
                  end;
                  N := N + 1;
               when 2 =>
                  declare
                     V : Natural;
                     Calls : Natural;
                  begin
                     Counter_Rendezvous.Value_Take (V, Calls);
                     begin
                        V := Total;
                        Calls := N;
                     exception
                        when Occurrence : others =>
                           Counter_Rendezvous.Value_Failed (Occurrence);
                           raise;
                     end;
                     Counter_Rendezvous.Value_Accept_End (V, Calls);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Counter_Agent;

end Counters;
