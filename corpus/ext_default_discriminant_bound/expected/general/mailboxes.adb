with Ada.Finalization;
package body Mailboxes is
   protected body Mailbox_Rendezvous is

      entry Put (M : Message)
        when Closed
          or else (Chosen = Mailbox_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Mailbox_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Mailbox_Put, Index => 0));
         Put_Woken (M);
         requeue Put_Queue;
      end Put;

      entry Put_Held (M : Message)
        when Closed or else (Chosen = Mailbox_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mailbox_Put, Index => 0));
         Put_Woken (M);
         requeue Put_Queue;
      end Put_Held;

      entry Get (M : out Message)
        when Closed
          or else (Chosen = Mailbox_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Mailbox_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Mailbox_Get, Index => 0));
         Get_Woken (M);
         requeue Get_Queue;
      end Get;

      entry Get_Held (M : out Message)
        when Closed or else (Chosen = Mailbox_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mailbox_Get, Index => 0));
         Get_Woken (M);
         requeue Get_Queue;
      end Get_Held;

      entry Pending (N : out Natural)
        when Closed
          or else (Chosen = Mailbox_No_Entry
                   and then Pending_Armed
                   and then Pending_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_3
              (Position_Of ((Id => Mailbox_Pending, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Mailbox_Pending, Index => 0));
         Pending_Woken (N);
         requeue Pending_Queue;
      end Pending;

      entry Pending_Held (N : out Natural)
        when Closed or else (Chosen = Mailbox_No_Entry and then Pending_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mailbox_Pending, Index => 0));
         Pending_Woken (N);
         requeue Pending_Queue;
      end Pending_Held;

      entry Select_Arm
        (Order : Mailbox_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Mailbox_No_Entry then
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
        (Order : Mailbox_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Mailbox_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Pending_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Mailbox_Alternative) is
      begin
         case Alternative.Id is
            when Mailbox_Put =>
               Put_Armed := True;
            when Mailbox_Get =>
               Get_Armed := True;
            when Mailbox_Pending =>
               Pending_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Mailbox_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Mailbox_Put =>
               return Mailbox_Rendezvous.Put'Count + Put_Held'Count > 0;
            when Mailbox_Get =>
               return Mailbox_Rendezvous.Get'Count + Get_Held'Count > 0;
            when Mailbox_Pending =>
               return Mailbox_Rendezvous.Pending'Count
                 + Pending_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Mailbox_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (M : out Message) is
      begin
         M := Put_M;
         Chosen := Mailbox_No_Entry;
      end Put_Take;

      procedure Put_Woken (M : in Message) is
      begin
         Disarm;
         Chosen := Mailbox_Put;
         Put_M := M;
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

      entry Put_Queue (M : in Message)
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

      procedure Get_Take (M : out Message) is
      begin
         M := Get_M;
         Chosen := Mailbox_No_Entry;
      end Get_Take;

      procedure Get_Woken (M : in Message) is
      begin
         Disarm;
         Chosen := Mailbox_Get;
         Get_M := M;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (M : in Message) is
      begin
         Get_M := M;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         M : in Message) is
      begin
         Get_M := M;
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (M : out Message)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            M := Get_M;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         M := Get_M;
      end Get_Queue;

      procedure Pending_Take (N : out Natural) is
      begin
         N := Pending_N;
         Chosen := Mailbox_No_Entry;
      end Pending_Take;

      procedure Pending_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Mailbox_Pending;
         Pending_N := N;
         Pending_Done := False;
      end Pending_Woken;

      procedure Pending_Accept_End (N : in Natural) is
      begin
         Pending_N := N;
         Pending_Done := True;
      end Pending_Accept_End;

      procedure Pending_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Pending_Failure, Occurrence);
         Pending_Raised := True;
         Pending_Done := True;
      end Pending_Failed;

      entry Pending_Queue (N : out Natural)
        when Pending_Done or else Closed is
      begin
         if not Pending_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Pending_Done := False;
         if Pending_Raised then
            Pending_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Pending_Failure);
         end if;
         N := Pending_N;
      end Pending_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Mailbox_Rendezvous;

   protected body Mailbox is
      --  rdv2po: each call goes on to Rendezvous, as cancellable as it was
      entry Put (M : Message) when Passing is
      begin
         requeue Rendezvous.Put with abort;
      end Put;

      entry Get (M : out Message) when Passing is
      begin
         requeue Rendezvous.Get with abort;
      end Get;

      entry Pending (N : out Natural) when Passing is
      begin
         requeue Rendezvous.Pending with abort;
      end Pending;
   end Mailbox;

   task body Mailbox_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Mailbox_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Mailbox_Closer);
      overriding procedure Finalize (Object : in out Mailbox_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Mailbox_Closer;
      Slots : Slot_Array (1 .. Capacity) := (others => No_Message);
      Head, Tail : Positive := 1;
      Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Mailbox_Alternative_List :=
              (1 => ((if Count < Capacity then Mailbox_Put else Mailbox_No_Entry), 0),
               2 => ((if Count > 0 then Mailbox_Get else Mailbox_No_Entry), 0),
               3 => (Mailbox_Pending, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Message) do
                     Self.Put_Woken (Value_1);
                     requeue Self.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Message) do
                     Self.Get_Woken (Value_1);
                     requeue Self.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : out Natural) do
                     Self.Pending_Woken (Value_1);
                     requeue Self.Pending_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Message) do
                        requeue Self.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Message) do
                        requeue Self.Get_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : out Natural) do
                        requeue Self.Pending_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     M : Message;
                  begin
                     Self.Put_Take (M);
                     begin
                        Slots (Tail) := M;
                     exception
                        when Occurrence : others =>
                           Self.Put_Failed (Occurrence);
                           raise;
                     end;
                     Self.Put_Accept_End;
                  end;
                  Tail := Tail mod Capacity + 1;
                  Count := Count + 1;
               when 2 =>
                  declare
                     M : Message;
                  begin
                     Self.Get_Take (M);
                     begin
                        M := Slots (Head);
                     exception
                        when Occurrence : others =>
                           Self.Get_Failed (Occurrence, M);
                           raise;
                     end;
                     Self.Get_Accept_End (M);
                  end;
                  Head := Head mod Capacity + 1;
                  Count := Count - 1;
               when 3 =>
                  declare
                     N : Natural;
                  begin
                     Self.Pending_Take (N);
                     begin
                        N := Count;
                     exception
                        when Occurrence : others =>
                           Self.Pending_Failed (Occurrence);
                           raise;
                     end;
                     Self.Pending_Accept_End (N);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Mailbox_Agent;
end Mailboxes;
