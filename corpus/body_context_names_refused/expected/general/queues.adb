with Ada.Finalization;
with Tuning; use Tuning;
package body Queues is
   protected body Queue_Rendezvous is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Queue_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Queue_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Queue_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Queue_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Queue_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

      entry Get (V : out Integer)
        when Closed
          or else (Chosen = Queue_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Queue_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Queue_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get;

      entry Get_Held (V : out Integer)
        when Closed or else (Chosen = Queue_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Queue_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Queue_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Queue_No_Entry then
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
        (Order : Queue_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Queue_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Queue_Alternative) is
      begin
         case Alternative.Id is
            when Queue_Put =>
               Put_Armed := True;
            when Queue_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Queue_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Queue_Put =>
               return Queue_Rendezvous.Put'Count + Put_Held'Count > 0;
            when Queue_Get =>
               return Queue_Rendezvous.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Queue_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (V : out Integer) is
      begin
         V := Put_V;
         Chosen := Queue_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Queue_Put;
         Put_V := V;
         Put_Done := False;
      end Put_Woken;

      procedure Put_Accept_End is
      begin
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (V : in Integer)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
      end Put_Queue;

      procedure Get_Take (V : out Integer) is
      begin
         V := Get_V;
         Chosen := Queue_No_Entry;
      end Get_Take;

      procedure Get_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Queue_Get;
         Get_V := V;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (V : in Integer) is
      begin
         Get_V := V;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (V : out Integer)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         V := Get_V;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Queue_Rendezvous;

   protected body Queue is
      --  rdv2po: each call goes on to Rendezvous, as cancellable as it was
      entry Put (V : Integer) when Passing is
      begin
         requeue Rendezvous.Put with abort;
      end Put;

      entry Get (V : out Integer) when Passing is
      begin
         requeue Rendezvous.Get with abort;
      end Get;
   end Queue;

   task body Queue_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Queue_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Queue_Closer);
      overriding procedure Finalize (Object : in out Queue_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Queue_Closer;
      Items : array (1 .. Depth) of Integer;
      Count : Natural range 0 .. Depth := 0;
   begin
      loop
         declare
            Alternatives : constant Queue_Alternative_List :=
              (1 => ((if Count < Depth then Queue_Put else Queue_No_Entry), 0),
               2 => ((if Count > 0 then Queue_Get else Queue_No_Entry), 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Self.Put_Woken (Value_1);
                     requeue Self.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Self.Get_Woken (Value_1);
                     requeue Self.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Self.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Self.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Self.Put_Take (V);
                     begin
                        Count := Count + 1;
                        Items (Count) := V;
                     exception
                        when Occurrence : others =>
                           Self.Put_Failed (Occurrence);
                           raise;
                     end;
                     Self.Put_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Self.Get_Take (V);
                     begin
                        V := Items (Count);
                        Count := Count - 1;
                     exception
                        when Occurrence : others =>
                           Self.Get_Failed (Occurrence);
                           raise;
                     end;
                     Self.Get_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Queue_Agent;
end Queues;
