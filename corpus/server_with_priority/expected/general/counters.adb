with Ada.Finalization;
package body Counters is

   protected body Counter is

      entry Increment (By : Positive)
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
         Disarm;
         Chosen := Counter_Increment;
         Increment_By := By;
         Increment_Done := False;
         requeue Increment_Queue;
      end Increment;

      entry Increment_Held (By : Positive)
        when Closed
          or else (Chosen = Counter_No_Entry and then Increment_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Increment, Index => 0));
         Disarm;
         Chosen := Counter_Increment;
         Increment_By := By;
         Increment_Done := False;
         requeue Increment_Queue;
      end Increment_Held;

      entry Value (V : out Natural)
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
         Disarm;
         Chosen := Counter_Value;
         Value_V := V;
         Value_Done := False;
         requeue Value_Queue;
      end Value;

      entry Value_Held (V : out Natural)
        when Closed or else (Chosen = Counter_No_Entry and then Value_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Value, Index => 0));
         Disarm;
         Chosen := Counter_Value;
         Value_V := V;
         Value_Done := False;
         requeue Value_Queue;
      end Value_Held;

      entry Select_Arm
        (Order : Counter_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Counter_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not (Poll or else Timed_Wait or else Wake) then
            raise Program_Error;
         end if;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         elsif Poll then
            return;
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Wake and then Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Counter_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
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
               return Counter.Increment'Count + Increment_Held'Count > 0;
            when Counter_Value =>
               return Counter.Value'Count + Value_Held'Count > 0;
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

      procedure Value_Take (V : out Natural) is
      begin
         V := Value_V;
         Chosen := Counter_No_Entry;
      end Value_Take;

      procedure Value_Woken (V : in Natural) is
      begin
         Disarm;
         Chosen := Counter_Value;
         Value_V := V;
         Value_Done := False;
      end Value_Woken;

      procedure Value_Accept_End (V : in Natural) is
      begin
         Value_V := V;
         Value_Done := True;
      end Value_Accept_End;

      procedure Value_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Value_Failure, Occurrence);
         Value_Raised := True;
         Value_Done := True;
      end Value_Failed;

      entry Value_Queue (V : out Natural)
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
      end Value_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Counter;

   task body Counter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Counter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Counter_Closer);
      overriding procedure Finalize (Object : in out Counter_Closer) is
      begin
         Counter.Close;
      end Finalize;
      Closer : Counter_Closer;
      Current : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Counter_Alternative_List :=
              (1 => (Counter_Increment, 0),
               2 => (Counter_Value, 0));
            Choice : Natural;
         begin
            Counter.Select_Arm
              (Order => Alternatives,
               Poll => False,
               Timed_Wait => False,
               Wake => True,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Positive) do
                     Counter.Increment_Woken (Value_1);
                     requeue Counter.Increment_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Natural) do
                     Counter.Value_Woken (Value_1);
                     requeue Counter.Value_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Positive) do
                        requeue Counter.Increment_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        requeue Counter.Value_Held with abort;
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
                     Counter.Increment_Take (By);
                     begin
                        Current := Current + By;
                     exception
                        when Occurrence : others =>
                           Counter.Increment_Failed (Occurrence);
                           raise;
                     end;
                     Counter.Increment_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Natural;
                  begin
                     Counter.Value_Take (V);
                     begin
                        V := Current;
                     exception
                        when Occurrence : others =>
                           Counter.Value_Failed (Occurrence);
                           raise;
                     end;
                     Counter.Value_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Counter_Agent;

end Counters;
