with Ada.Finalization;
with Scale; use Scale;
package body Meters is
   function Scale return Integer is (10);

   protected body Meter_Rendezvous is

      entry Add
        when Closed
          or else (Chosen = Meter_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Meter_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Meter_Add, Index => 0));
         Add_Woken;
         requeue Add_Queue;
      end Add;

      entry Add_Held
        when Closed or else (Chosen = Meter_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Add, Index => 0));
         Add_Woken;
         requeue Add_Queue;
      end Add_Held;

      entry Total (N : out Natural)
        when Closed
          or else (Chosen = Meter_No_Entry
                   and then Total_Armed
                   and then Total_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Meter_Total, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Meter_Total, Index => 0));
         Total_Woken (N);
         requeue Total_Queue;
      end Total;

      entry Total_Held (N : out Natural)
        when Closed or else (Chosen = Meter_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Total, Index => 0));
         Total_Woken (N);
         requeue Total_Queue;
      end Total_Held;

      entry Select_Arm
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Meter_No_Entry then
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
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Meter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Total_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Meter_Alternative) is
      begin
         case Alternative.Id is
            when Meter_Add =>
               Add_Armed := True;
            when Meter_Total =>
               Total_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Meter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Meter_Add =>
               return Meter_Rendezvous.Add'Count + Add_Held'Count > 0;
            when Meter_Total =>
               return Meter_Rendezvous.Total'Count + Total_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Meter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take is
      begin
         Chosen := Meter_No_Entry;
      end Add_Take;

      procedure Add_Woken is
      begin
         Disarm;
         Chosen := Meter_Add;
         Add_Done := False;
      end Add_Woken;

      procedure Add_Accept_End is
      begin
         Add_Done := True;
      end Add_Accept_End;

      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Add_Failure, Occurrence);
         Add_Raised := True;
         Add_Done := True;
      end Add_Failed;

      entry Add_Queue
        when Add_Done or else Closed is
      begin
         if not Add_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Add_Done := False;
         if Add_Raised then
            Add_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Add_Failure);
         end if;
      end Add_Queue;

      procedure Total_Take (N : out Natural) is
      begin
         N := Total_N;
         Chosen := Meter_No_Entry;
      end Total_Take;

      procedure Total_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Meter_Total;
         Total_N := N;
         Total_Done := False;
      end Total_Woken;

      procedure Total_Accept_End (N : in Natural) is
      begin
         Total_N := N;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (N : out Natural)
        when Total_Done or else Closed is
      begin
         if not Total_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Total_Done := False;
         if Total_Raised then
            Total_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Total_Failure);
         end if;
         N := Total_N;
      end Total_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Meter_Rendezvous;

   protected body Meter is
      --  rdv2po: each call goes on to Rendezvous, as cancellable as it was
      entry Add when Passing is
      begin
         requeue Rendezvous.Add with abort;
      end Add;

      entry Total (N : out Natural) when Passing is
      begin
         requeue Rendezvous.Total with abort;
      end Total;
   end Meter;

   task body Meter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Meter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Meter_Closer);
      overriding procedure Finalize (Object : in out Meter_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Meter_Closer;
      Sum : Natural range 0 .. Max := 0;
   begin
      loop
         declare
            Alternatives : constant Meter_Alternative_List :=
              (1 => ((if Sum < Max then Meter_Add else Meter_No_Entry), 0),
               2 => (Meter_Total, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Self.Add_Woken;
                     requeue Self.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Natural) do
                     Self.Total_Woken (Value_1);
                     requeue Self.Total_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Self.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        requeue Self.Total_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Self.Add_Take;
                  begin
                     Sum := Sum + 1;
                  exception
                     when Occurrence : others =>
                        Self.Add_Failed (Occurrence);
                        raise;
                  end;
                  Self.Add_Accept_End;
               when 2 =>
                  declare
                     N : Natural;
                  begin
                     Self.Total_Take (N);
                     begin
                        N := Sum * Scale;
                     exception
                        when Occurrence : others =>
                           Self.Total_Failed (Occurrence);
                           raise;
                     end;
                     Self.Total_Accept_End (N);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Meter_Agent;
end Meters;
