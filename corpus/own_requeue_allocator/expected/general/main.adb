--  Resource allocator with requeue (Burns & Wellings, "Concurrency in
--  Ada", resource control): a request that cannot be met is requeued to a
--  private entry of the same task and retried after each release; an
--  impossible request is requeued to another task (the Auditor).

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Capacity : constant := 10;

   type Auditor_Entry is (Auditor_No_Entry, Auditor_Reject, Auditor_Rejected);
   type Auditor_Alternative is record
      Id : Auditor_Entry := Auditor_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Auditor_Alternative_List is array (Positive range <>) of Auditor_Alternative;
   --  rdv2po: task Auditor became this protected object; its code runs in the
   --  task Auditor_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Auditor is
      entry Reject (Amount : Positive; Ticket : out Natural);
      entry Rejected (Count : out Natural);
      --  rdv2po: the rendezvous protocol, for Auditor_Agent
      entry Select_Arm
        (Order : Auditor_Alternative_List;
         Chosen_Position : out Natural);
      entry Reject_Held (Amount : Positive; Ticket : out Natural);
      procedure Reject_Woken (Amount : in Positive; Ticket : in Natural);
      procedure Reject_Take (Amount : out Positive; Ticket : out Natural);
      procedure Reject_Accept_End (Ticket : in Natural);
      procedure Reject_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Reject_Queue (Amount : in Positive; Ticket : out Natural);
      entry Rejected_Held (Count : out Natural);
      procedure Rejected_Woken (Count : in Natural);
      procedure Rejected_Take (Count : out Natural);
      procedure Rejected_Accept_End (Count : in Natural);
      procedure Rejected_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Rejected_Queue (Count : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Auditor_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Auditor_Alternative);
      function Queued (Alternative : Auditor_Alternative) return Boolean;
      function Position_Of (Alternative : Auditor_Alternative) return Natural;
      Armed_List : Auditor_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Auditor_Entry := Auditor_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Reject_Armed : Boolean := False;
      Reject_Amount : Positive;
      Reject_Ticket : Natural;
      Reject_Done : Boolean := False;
      Reject_Raised : Boolean := False;
      Reject_Failure : Ada.Exceptions.Exception_Occurrence;
      Rejected_Armed : Boolean := False;
      Rejected_Count_2 : Natural;
      Rejected_Done : Boolean := False;
      Rejected_Raised : Boolean := False;
      Rejected_Failure : Ada.Exceptions.Exception_Occurrence;
   end Auditor;
   task Auditor_Agent is
      --  rdv2po: general scheme agent of Auditor
      entry Wake_1 (Positive range 1 .. 2)
        (Value_1 : in Positive; Value_2 : out Natural);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Auditor_Agent;

   protected body Auditor is

      entry Reject (Amount : Positive; Ticket : out Natural)
        when Closed
          or else (Chosen = Auditor_No_Entry
                   and then Reject_Armed
                   and then Reject_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Auditor_Agent.Wake_1
              (Position_Of ((Id => Auditor_Reject, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Auditor_Reject, Index => 0));
         Reject_Woken (Amount, Ticket);
         requeue Reject_Queue;
      end Reject;

      entry Reject_Held (Amount : Positive; Ticket : out Natural)
        when Closed or else (Chosen = Auditor_No_Entry and then Reject_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Auditor_Reject, Index => 0));
         Reject_Woken (Amount, Ticket);
         requeue Reject_Queue;
      end Reject_Held;

      entry Rejected (Count : out Natural)
        when Closed
          or else (Chosen = Auditor_No_Entry
                   and then Rejected_Armed
                   and then Rejected_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Auditor_Agent.Wake_2
              (Position_Of ((Id => Auditor_Rejected, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Auditor_Rejected, Index => 0));
         Rejected_Woken (Count);
         requeue Rejected_Queue;
      end Rejected;

      entry Rejected_Held (Count : out Natural)
        when Closed or else (Chosen = Auditor_No_Entry and then Rejected_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Auditor_Rejected, Index => 0));
         Rejected_Woken (Count);
         requeue Rejected_Queue;
      end Rejected_Held;

      entry Select_Arm
        (Order : Auditor_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Auditor_No_Entry then
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
        (Order : Auditor_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Auditor_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Reject_Armed := False;
         Rejected_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Auditor_Alternative) is
      begin
         case Alternative.Id is
            when Auditor_Reject =>
               Reject_Armed := True;
            when Auditor_Rejected =>
               Rejected_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Auditor_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Auditor_Reject =>
               return Auditor.Reject'Count + Reject_Held'Count > 0;
            when Auditor_Rejected =>
               return Auditor.Rejected'Count + Rejected_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Auditor_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Reject_Take (Amount : out Positive; Ticket : out Natural) is
      begin
         Amount := Reject_Amount;
         Ticket := Reject_Ticket;
         Chosen := Auditor_No_Entry;
      end Reject_Take;

      procedure Reject_Woken (Amount : in Positive; Ticket : in Natural) is
      begin
         Disarm;
         Chosen := Auditor_Reject;
         Reject_Amount := Amount;
         Reject_Ticket := Ticket;
         Reject_Done := False;
      end Reject_Woken;

      procedure Reject_Accept_End (Ticket : in Natural) is
      begin
         Reject_Ticket := Ticket;
         Reject_Done := True;
      end Reject_Accept_End;

      procedure Reject_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Reject_Failure, Occurrence);
         Reject_Raised := True;
         Reject_Done := True;
      end Reject_Failed;

      entry Reject_Queue (Amount : in Positive; Ticket : out Natural)
        when Reject_Done or else Closed is
      begin
         if not Reject_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Reject_Done := False;
         if Reject_Raised then
            Reject_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Reject_Failure);
         end if;
         Ticket := Reject_Ticket;
      end Reject_Queue;

      procedure Rejected_Take (Count : out Natural) is
      begin
         Count := Rejected_Count_2;
         Chosen := Auditor_No_Entry;
      end Rejected_Take;

      procedure Rejected_Woken (Count : in Natural) is
      begin
         Disarm;
         Chosen := Auditor_Rejected;
         Rejected_Count_2 := Count;
         Rejected_Done := False;
      end Rejected_Woken;

      procedure Rejected_Accept_End (Count : in Natural) is
      begin
         Rejected_Count_2 := Count;
         Rejected_Done := True;
      end Rejected_Accept_End;

      procedure Rejected_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Rejected_Failure, Occurrence);
         Rejected_Raised := True;
         Rejected_Done := True;
      end Rejected_Failed;

      entry Rejected_Queue (Count : out Natural)
        when Rejected_Done or else Closed is
      begin
         if not Rejected_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Rejected_Done := False;
         if Rejected_Raised then
            Rejected_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Rejected_Failure);
         end if;
         Count := Rejected_Count_2;
      end Rejected_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Auditor;

   task body Auditor_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Auditor_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Auditor_Closer);
      overriding procedure Finalize (Object : in out Auditor_Closer) is
      begin
         Auditor.Close;
      end Finalize;
      Closer : Auditor_Closer;
      N : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Auditor_Alternative_List :=
              (1 => (Auditor_Reject, 0),
               2 => (Auditor_Rejected, 0));
            Choice : Natural;
         begin
            Auditor.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Positive; Value_2 : out Natural) do
                     Auditor.Reject_Woken (Value_1, Value_2);
                     requeue Auditor.Reject_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Natural) do
                     Auditor.Rejected_Woken (Value_1);
                     requeue Auditor.Rejected_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Positive; Value_2 : out Natural) do
                        requeue Auditor.Reject_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        requeue Auditor.Rejected_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Amount : Positive;
                     Ticket : Natural;
                  begin
                     Auditor.Reject_Take (Amount, Ticket);
                     begin
                        Ticket := 0;
                        N := N + 1;
                     exception
                        when Occurrence : others =>
                           Auditor.Reject_Failed (Occurrence);
                           raise;
                     end;
                     Auditor.Reject_Accept_End (Ticket);
                  end;
               when 2 =>
                  declare
                     Count : Natural;
                  begin
                     Auditor.Rejected_Take (Count);
                     begin
                        Count := N;
                     exception
                        when Occurrence : others =>
                           Auditor.Rejected_Failed (Occurrence);
                           raise;
                     end;
                     Auditor.Rejected_Accept_End (Count);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Auditor_Agent;

   type Allocator_Entry is
     (Allocator_No_Entry,
      Allocator_Request,
      Allocator_Release,
      Allocator_Status,
      Allocator_Retry);
   type Allocator_Alternative is record
      Id : Allocator_Entry := Allocator_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Allocator_Alternative_List is array (Positive range <>) of Allocator_Alternative;
   --  rdv2po: task Allocator became this protected object; its code runs in
   --  the task Allocator_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Allocator is
      entry Request (Amount : Positive; Ticket : out Natural);
      entry Release (Amount : Positive);
      entry Status (Free, Waiting : out Natural);
      --  rdv2po: the rendezvous protocol, for Allocator_Agent
      entry Select_Arm
        (Order : Allocator_Alternative_List;
         Chosen_Position : out Natural);
      entry Request_Held (Amount : Positive; Ticket : out Natural);
      procedure Request_Woken (Amount : in Positive; Ticket : in Natural);
      procedure Request_Take (Amount : out Positive; Ticket : out Natural);
      procedure Request_Accept_End (Ticket : in Natural);
      procedure Request_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Request_Queue (Amount : in Positive; Ticket : out Natural);
      procedure Request_Requeue_1 (Ticket : in Natural);
      procedure Request_Requeue_2 (Ticket : in Natural);
      entry Release_Held (Amount : Positive);
      procedure Release_Woken (Amount : in Positive);
      procedure Release_Take (Amount : out Positive);
      procedure Release_Accept_End;
      procedure Release_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Release_Queue (Amount : in Positive);
      entry Status_Held (Free, Waiting : out Natural);
      procedure Status_Woken (Free : in Natural; Waiting : in Natural);
      procedure Status_Take (Free : out Natural; Waiting : out Natural);
      procedure Status_Accept_End (Free : in Natural; Waiting : in Natural);
      procedure Status_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Status_Queue (Free : out Natural; Waiting : out Natural);
      entry Retry_Held (Amount : Positive; Ticket : out Natural);
      procedure Retry_Woken (Amount : in Positive; Ticket : in Natural);
      procedure Retry_Take (Amount : out Positive; Ticket : out Natural);
      procedure Retry_Accept_End (Ticket : in Natural);
      procedure Retry_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Retry_Queue (Amount : in Positive; Ticket : out Natural);
      procedure Retry_Requeue_1 (Ticket : in Natural);
      function Retry_Count return Natural;
      procedure Close;
   private
      entry Retry (Amount : Positive; Ticket : out Natural);
      entry Select_Wait
        (Order : Allocator_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Allocator_Alternative);
      function Queued (Alternative : Allocator_Alternative) return Boolean;
      function Position_Of (Alternative : Allocator_Alternative) return Natural;
      Armed_List : Allocator_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Allocator_Entry := Allocator_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Request_Armed : Boolean := False;
      Request_Amount : Positive;
      Request_Ticket : Natural;
      Request_Done : Boolean := False;
      Request_Raised : Boolean := False;
      Request_Failure : Ada.Exceptions.Exception_Occurrence;
      Request_Target : Natural := 0;
      Release_Armed : Boolean := False;
      Release_Amount : Positive;
      Release_Done : Boolean := False;
      Release_Raised : Boolean := False;
      Release_Failure : Ada.Exceptions.Exception_Occurrence;
      Status_Armed : Boolean := False;
      Status_Free : Natural;
      Status_Waiting : Natural;
      Status_Done : Boolean := False;
      Status_Raised : Boolean := False;
      Status_Failure : Ada.Exceptions.Exception_Occurrence;
      Retry_Armed : Boolean := False;
      Retry_Amount : Positive;
      Retry_Ticket : Natural;
      Retry_Done : Boolean := False;
      Retry_Raised : Boolean := False;
      Retry_Failure : Ada.Exceptions.Exception_Occurrence;
      Retry_Target : Natural := 0;
   end Allocator;
   task Allocator_Agent is
      --  rdv2po: general scheme agent of Allocator
      entry Wake_1 (Positive range 1 .. 4)
        (Value_1 : in Positive; Value_2 : out Natural);
      entry Wake_2 (Positive range 1 .. 4) (Value_1 : in Positive);
      entry Wake_3 (Positive range 1 .. 4)
        (Value_1 : out Natural; Value_2 : out Natural);
   end Allocator_Agent;

   protected body Allocator is

      entry Request (Amount : Positive; Ticket : out Natural)
        when Closed
          or else (Chosen = Allocator_No_Entry
                   and then Request_Armed
                   and then Request_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Allocator_Agent.Wake_1
              (Position_Of ((Id => Allocator_Request, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Allocator_Request, Index => 0));
         Request_Woken (Amount, Ticket);
         requeue Request_Queue;
      end Request;

      entry Request_Held (Amount : Positive; Ticket : out Natural)
        when Closed
          or else (Chosen = Allocator_No_Entry and then Request_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Allocator_Request, Index => 0));
         Request_Woken (Amount, Ticket);
         requeue Request_Queue;
      end Request_Held;

      entry Release (Amount : Positive)
        when Closed
          or else (Chosen = Allocator_No_Entry
                   and then Release_Armed
                   and then Release_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Allocator_Agent.Wake_2
              (Position_Of ((Id => Allocator_Release, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Allocator_Release, Index => 0));
         Release_Woken (Amount);
         requeue Release_Queue;
      end Release;

      entry Release_Held (Amount : Positive)
        when Closed
          or else (Chosen = Allocator_No_Entry and then Release_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Allocator_Release, Index => 0));
         Release_Woken (Amount);
         requeue Release_Queue;
      end Release_Held;

      entry Status (Free, Waiting : out Natural)
        when Closed
          or else (Chosen = Allocator_No_Entry
                   and then Status_Armed
                   and then Status_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Allocator_Agent.Wake_3
              (Position_Of ((Id => Allocator_Status, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Allocator_Status, Index => 0));
         Status_Woken (Free, Waiting);
         requeue Status_Queue;
      end Status;

      entry Status_Held (Free, Waiting : out Natural)
        when Closed or else (Chosen = Allocator_No_Entry and then Status_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Allocator_Status, Index => 0));
         Status_Woken (Free, Waiting);
         requeue Status_Queue;
      end Status_Held;

      entry Retry (Amount : Positive; Ticket : out Natural)
        when Closed
          or else (Chosen = Allocator_No_Entry
                   and then Retry_Armed
                   and then Retry_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Allocator_Agent.Wake_1
              (Position_Of ((Id => Allocator_Retry, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Allocator_Retry, Index => 0));
         Retry_Woken (Amount, Ticket);
         requeue Retry_Queue;
      end Retry;

      entry Retry_Held (Amount : Positive; Ticket : out Natural)
        when Closed or else (Chosen = Allocator_No_Entry and then Retry_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Allocator_Retry, Index => 0));
         Retry_Woken (Amount, Ticket);
         requeue Retry_Queue;
      end Retry_Held;

      entry Select_Arm
        (Order : Allocator_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Allocator_No_Entry then
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
        (Order : Allocator_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Allocator_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Request_Armed := False;
         Release_Armed := False;
         Status_Armed := False;
         Retry_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Allocator_Alternative) is
      begin
         case Alternative.Id is
            when Allocator_Request =>
               Request_Armed := True;
            when Allocator_Release =>
               Release_Armed := True;
            when Allocator_Status =>
               Status_Armed := True;
            when Allocator_Retry =>
               Retry_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Allocator_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Allocator_Request =>
               return Allocator.Request'Count + Request_Held'Count > 0;
            when Allocator_Release =>
               return Allocator.Release'Count + Release_Held'Count > 0;
            when Allocator_Status =>
               return Allocator.Status'Count + Status_Held'Count > 0;
            when Allocator_Retry =>
               return Allocator.Retry'Count + Retry_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Allocator_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Request_Take (Amount : out Positive; Ticket : out Natural) is
      begin
         Amount := Request_Amount;
         Ticket := Request_Ticket;
         Chosen := Allocator_No_Entry;
      end Request_Take;

      procedure Request_Woken (Amount : in Positive; Ticket : in Natural) is
      begin
         Disarm;
         Chosen := Allocator_Request;
         Request_Amount := Amount;
         Request_Ticket := Ticket;
         Request_Done := False;
      end Request_Woken;

      procedure Request_Accept_End (Ticket : in Natural) is
      begin
         Request_Ticket := Ticket;
         Request_Done := True;
      end Request_Accept_End;

      procedure Request_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Request_Failure, Occurrence);
         Request_Raised := True;
         Request_Done := True;
      end Request_Failed;

      entry Request_Queue (Amount : in Positive; Ticket : out Natural)
        when Request_Done or else Closed is
      begin
         if not Request_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Request_Done := False;
         if Request_Raised then
            Request_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Request_Failure);
         end if;
         Ticket := Request_Ticket;
         if Request_Target = 1 then
            Request_Target := 0;
            requeue Auditor.Reject with abort;
         end if;
         if Request_Target = 2 then
            Request_Target := 0;
            requeue Retry with abort;
         end if;
      end Request_Queue;

      procedure Request_Requeue_1 (Ticket : in Natural) is
      begin
         Request_Ticket := Ticket;
         Request_Target := 1;
         Request_Done := True;
      end Request_Requeue_1;

      procedure Request_Requeue_2 (Ticket : in Natural) is
      begin
         Request_Ticket := Ticket;
         Request_Target := 2;
         Request_Done := True;
      end Request_Requeue_2;

      procedure Release_Take (Amount : out Positive) is
      begin
         Amount := Release_Amount;
         Chosen := Allocator_No_Entry;
      end Release_Take;

      procedure Release_Woken (Amount : in Positive) is
      begin
         Disarm;
         Chosen := Allocator_Release;
         Release_Amount := Amount;
         Release_Done := False;
      end Release_Woken;

      procedure Release_Accept_End is
      begin
         Release_Done := True;
      end Release_Accept_End;

      procedure Release_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Release_Failure, Occurrence);
         Release_Raised := True;
         Release_Done := True;
      end Release_Failed;

      entry Release_Queue (Amount : in Positive)
        when Release_Done or else Closed is
      begin
         if not Release_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Release_Done := False;
         if Release_Raised then
            Release_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Release_Failure);
         end if;
      end Release_Queue;

      procedure Status_Take (Free : out Natural; Waiting : out Natural) is
      begin
         Free := Status_Free;
         Waiting := Status_Waiting;
         Chosen := Allocator_No_Entry;
      end Status_Take;

      procedure Status_Woken (Free : in Natural; Waiting : in Natural) is
      begin
         Disarm;
         Chosen := Allocator_Status;
         Status_Free := Free;
         Status_Waiting := Waiting;
         Status_Done := False;
      end Status_Woken;

      procedure Status_Accept_End (Free : in Natural; Waiting : in Natural) is
      begin
         Status_Free := Free;
         Status_Waiting := Waiting;
         Status_Done := True;
      end Status_Accept_End;

      procedure Status_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Status_Failure, Occurrence);
         Status_Raised := True;
         Status_Done := True;
      end Status_Failed;

      entry Status_Queue (Free : out Natural; Waiting : out Natural)
        when Status_Done or else Closed is
      begin
         if not Status_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Status_Done := False;
         if Status_Raised then
            Status_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Status_Failure);
         end if;
         Free := Status_Free;
         Waiting := Status_Waiting;
      end Status_Queue;

      procedure Retry_Take (Amount : out Positive; Ticket : out Natural) is
      begin
         Amount := Retry_Amount;
         Ticket := Retry_Ticket;
         Chosen := Allocator_No_Entry;
      end Retry_Take;

      procedure Retry_Woken (Amount : in Positive; Ticket : in Natural) is
      begin
         Disarm;
         Chosen := Allocator_Retry;
         Retry_Amount := Amount;
         Retry_Ticket := Ticket;
         Retry_Done := False;
      end Retry_Woken;

      procedure Retry_Accept_End (Ticket : in Natural) is
      begin
         Retry_Ticket := Ticket;
         Retry_Done := True;
      end Retry_Accept_End;

      procedure Retry_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Retry_Failure, Occurrence);
         Retry_Raised := True;
         Retry_Done := True;
      end Retry_Failed;

      entry Retry_Queue (Amount : in Positive; Ticket : out Natural)
        when Retry_Done or else Closed is
      begin
         if not Retry_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Retry_Done := False;
         if Retry_Raised then
            Retry_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Retry_Failure);
         end if;
         Ticket := Retry_Ticket;
         if Retry_Target = 1 then
            Retry_Target := 0;
            requeue Retry with abort;
         end if;
      end Retry_Queue;

      procedure Retry_Requeue_1 (Ticket : in Natural) is
      begin
         Retry_Ticket := Ticket;
         Retry_Target := 1;
         Retry_Done := True;
      end Retry_Requeue_1;

      function Retry_Count return Natural is
      begin
         return Allocator.Retry'Count + Retry_Held'Count;
      end Retry_Count;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Allocator;

   task body Allocator_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Allocator_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Allocator_Closer);
      overriding procedure Finalize (Object : in out Allocator_Closer) is
      begin
         Allocator.Close;
      end Finalize;
      Closer : Allocator_Closer;
      Free        : Natural := Capacity;
      Last_Ticket : Natural := 0;
      Pending     : Natural := 0;  --  retries allowed since the last release
   begin
      loop
         declare
            Alternatives : constant Allocator_Alternative_List :=
              (1 => (Allocator_Request, 0),
               2 => ((if Pending > 0 then Allocator_Retry else Allocator_No_Entry), 0),
               3 => (Allocator_Release, 0),
               4 => (Allocator_Status, 0));
            Choice : Natural;
         begin
            Allocator.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Positive; Value_2 : out Natural) do
                     Allocator.Request_Woken (Value_1, Value_2);
                     requeue Allocator.Request_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2)
                    (Value_1 : in Positive; Value_2 : out Natural) do
                     Allocator.Retry_Woken (Value_1, Value_2);
                     requeue Allocator.Retry_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_2 (3) (Value_1 : in Positive) do
                     Allocator.Release_Woken (Value_1);
                     requeue Allocator.Release_Queue;
                  end Wake_2;
                  Choice := 3;
               or
                  accept Wake_3 (4)
                    (Value_1 : out Natural; Value_2 : out Natural) do
                     Allocator.Status_Woken (Value_1, Value_2);
                     requeue Allocator.Status_Queue;
                  end Wake_3;
                  Choice := 4;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Positive; Value_2 : out Natural) do
                        requeue Allocator.Request_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2)
                       (Value_1 : in Positive; Value_2 : out Natural) do
                        requeue Allocator.Retry_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (3) (Value_1 : in Positive) do
                        requeue Allocator.Release_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (4)
                       (Value_1 : out Natural; Value_2 : out Natural) do
                        requeue Allocator.Status_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Amount : Positive;
                     Ticket : Natural;
                  begin
                     Allocator.Request_Take (Amount, Ticket);
                     begin
                        if Amount > Capacity then
                           Allocator.Request_Requeue_1 (Ticket);
                           goto Request_Requeued;
                        elsif Amount <= Free and then Allocator.Retry_Count = 0 then
                           Free := Free - Amount;
                           Last_Ticket := Last_Ticket + 1;
                           Ticket := Last_Ticket;
                        else
                           Allocator.Request_Requeue_2 (Ticket);
                           goto Request_Requeued;
                        end if;
                     exception
                        when Occurrence : others =>
                           Allocator.Request_Failed (Occurrence);
                           raise;
                     end;
                     Allocator.Request_Accept_End (Ticket);
                     <<Request_Requeued>>
                     null;
                  end;
               when 2 =>
                  declare
                     Amount : Positive;
                     Ticket : Natural;
                  begin
                     Allocator.Retry_Take (Amount, Ticket);
                     begin
                        Pending := Pending - 1;
                        if Amount <= Free then
                           Free := Free - Amount;
                           Last_Ticket := Last_Ticket + 1;
                           Ticket := Last_Ticket;
                        else
                           Allocator.Retry_Requeue_1 (Ticket);
                           goto Retry_Requeued;
                        end if;
                     exception
                        when Occurrence : others =>
                           Allocator.Retry_Failed (Occurrence);
                           raise;
                     end;
                     Allocator.Retry_Accept_End (Ticket);
                     <<Retry_Requeued>>
                     null;
                  end;
               when 3 =>
                  declare
                     Amount : Positive;
                  begin
                     Allocator.Release_Take (Amount);
                     begin
                        Free := Free + Amount;
                     exception
                        when Occurrence : others =>
                           Allocator.Release_Failed (Occurrence);
                           raise;
                     end;
                     Allocator.Release_Accept_End;
                  end;
                  Pending := Allocator.Retry_Count;
               when 4 =>
                  declare
                     Free : Natural;
                     Waiting : Natural;
                  begin
                     Allocator.Status_Take (Free, Waiting);
                     begin
                        Free := Allocator_Agent.Free;
                        Waiting := Allocator.Retry_Count;
                     exception
                        when Occurrence : others =>
                           Allocator.Status_Failed (Occurrence);
                           raise;
                     end;
                     Allocator.Status_Accept_End (Free, Waiting);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Allocator_Agent;

   subtype Client_Name is Character range 'A' .. 'B';
   type Ticket_Table is array (Client_Name) of Natural;

   protected Grants is
      procedure Got (Who : Client_Name; Ticket : Natural);
      function Image return String;
      function Count return Natural;
   private
      Table : Ticket_Table := (others => 0);
      N     : Natural := 0;
   end Grants;

   protected body Grants is
      procedure Got (Who : Client_Name; Ticket : Natural) is
      begin
         Table (Who) := Ticket;
         N := N + 1;
      end Got;
      function Image return String is
        (" A" & Natural'Image (Table ('A')) & " B" & Natural'Image (Table ('B')));
      function Count return Natural is (N);
   end Grants;

   task type Client (Name : Client_Name; Amount : Positive);
   task body Client is
      T : Natural;
   begin
      Allocator.Request (Amount, T);
      Grants.Got (Name, T);
   end Client;

   type Client_Ptr is access Client;

   procedure Wait_For (Waiting : Natural) is
      F, W : Natural;
   begin
      loop
         Allocator.Status (F, W);
         exit when W = Waiting;
         delay 0.005;
      end loop;
   end Wait_For;

   T1, T2, T3 : Natural;
   C          : Client_Ptr;
   F, W       : Natural;
   Rejected   : Natural;
begin
   Allocator.Request (4, T1);
   Allocator.Request (5, T2);
   Put_Line ("main got tickets" & Natural'Image (T1) & Natural'Image (T2));

   C := new Client ('A', 3);     --  must wait: only 1 free
   Wait_For (1);
   C := new Client ('B', 1);     --  would fit, but A is waiting first
   Wait_For (2);
   Allocator.Status (F, W);
   Put_Line ("free" & Natural'Image (F) & ", waiting" & Natural'Image (W));

   Allocator.Release (4);        --  A (3) fits, then B (1) fits
   Wait_For (0);
   Allocator.Status (F, W);
   Put_Line ("free" & Natural'Image (F) & ", waiting" & Natural'Image (W));

   Allocator.Request (50, T3);   --  impossible: the Auditor answers
   Put_Line ("ticket for 50:" & Natural'Image (T3));
   Auditor.Rejected (Rejected);
   Put_Line ("rejected" & Natural'Image (Rejected));

   Allocator.Release (5);
   Allocator.Release (3);
   Allocator.Release (1);
   Allocator.Status (F, W);
   Put_Line ("free" & Natural'Image (F) & ", waiting" & Natural'Image (W));
   while Grants.Count < 2 loop
      delay 0.005;
   end loop;
   Put_Line ("grants:" & Grants.Image);
end Main;
