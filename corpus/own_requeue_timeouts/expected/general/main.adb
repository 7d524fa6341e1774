--  Requeue with and without abort seen by callers that made timed entry
--  calls (RM 9.5.4(13), 9.7.2): a call requeued with abort can still time
--  out and leaves the queue (E'Count drops); a call requeued without abort
--  can no longer be cancelled and waits until it is served.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Server_Entry is
     (Server_No_Entry,
      Server_Ask,
      Server_Release,
      Server_Pending,
      Server_Later,
      Server_Later_Firm);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry Ask (X : Integer; Y : out Integer);
      entry Release;
      entry Pending (With_Abort, Without_Abort : out Natural);
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Ask_Held (X : Integer; Y : out Integer);
      procedure Ask_Woken (X : in Integer; Y : in Integer);
      procedure Ask_Take (X : out Integer; Y : out Integer);
      procedure Ask_Accept_End (Y : in Integer);
      procedure Ask_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Ask_Queue (X : in Integer; Y : out Integer);
      procedure Ask_Requeue_1 (Y : in Integer);
      procedure Ask_Requeue_2 (Y : in Integer);
      entry Release_Held;
      procedure Release_Woken;
      procedure Release_Take;
      entry Pending_Held (With_Abort, Without_Abort : out Natural);
      procedure Pending_Woken
        (With_Abort : in Natural;
         Without_Abort : in Natural);
      procedure Pending_Take
        (With_Abort : out Natural;
         Without_Abort : out Natural);
      procedure Pending_Accept_End
        (With_Abort : in Natural;
         Without_Abort : in Natural);
      procedure Pending_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Pending_Queue
        (With_Abort : out Natural;
         Without_Abort : out Natural);
      entry Later_Hop_Target (X : Integer; Y : out Integer);
      entry Later_Held (X : Integer; Y : out Integer);
      procedure Later_Woken (X : in Integer; Y : in Integer);
      procedure Later_Take (X : out Integer; Y : out Integer);
      procedure Later_Accept_End (Y : in Integer);
      procedure Later_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Later_Queue (X : in Integer; Y : out Integer);
      function Later_Count return Natural;
      entry Later_Firm_Held (X : Integer; Y : out Integer);
      procedure Later_Firm_Woken (X : in Integer; Y : in Integer);
      procedure Later_Firm_Take (X : out Integer; Y : out Integer);
      procedure Later_Firm_Accept_End (Y : in Integer);
      procedure Later_Firm_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Later_Firm_Queue (X : in Integer; Y : out Integer);
      function Later_Firm_Count return Natural;
      procedure Close;
   private
      entry Later (X : Integer; Y : out Integer);
      entry Later_Firm (X : Integer; Y : out Integer);
      entry Select_Wait
        (Order : Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Alternative);
      function Queued (Alternative : Server_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Alternative) return Natural;
      Armed_List : Server_Alternative_List (1 .. 5);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Ask_Armed : Boolean := False;
      Ask_X : Integer;
      Ask_Y : Integer;
      Ask_Done : Boolean := False;
      Ask_Raised : Boolean := False;
      Ask_Failure : Ada.Exceptions.Exception_Occurrence;
      Ask_Target : Natural := 0;
      Release_Armed : Boolean := False;
      Pending_Armed : Boolean := False;
      Pending_With_Abort : Natural;
      Pending_Without_Abort : Natural;
      Pending_Done : Boolean := False;
      Pending_Raised : Boolean := False;
      Pending_Failure : Ada.Exceptions.Exception_Occurrence;
      Later_Armed : Boolean := False;
      Later_X : Integer;
      Later_Y : Integer;
      Later_Done : Boolean := False;
      Later_Raised : Boolean := False;
      Later_Failure : Ada.Exceptions.Exception_Occurrence;
      Later_Firm_Armed : Boolean := False;
      Later_Firm_X : Integer;
      Later_Firm_Y : Integer;
      Later_Firm_Done : Boolean := False;
      Later_Firm_Raised : Boolean := False;
      Later_Firm_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
      entry Wake_1 (Positive range 1 .. 5)
        (Value_1 : in Integer; Value_2 : out Integer);
      entry Wake_2 (Positive range 1 .. 5);
      entry Wake_3 (Positive range 1 .. 5)
        (Value_1 : out Natural; Value_2 : out Natural);
      entry Ask_Requeue_Hop_1 (Value_1 : in Integer; Value_2 : out Integer);
   end Server_Agent;

   protected body Server is

      entry Ask (X : Integer; Y : out Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Ask_Armed
                   and then Ask_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_Ask, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Ask, Index => 0));
         Disarm;
         Chosen := Server_Ask;
         Ask_X := X;
         Ask_Y := Y;
         Ask_Done := False;
         requeue Ask_Queue;
      end Ask;

      entry Ask_Held (X : Integer; Y : out Integer)
        when Closed or else (Chosen = Server_No_Entry and then Ask_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Ask, Index => 0));
         Disarm;
         Chosen := Server_Ask;
         Ask_X := X;
         Ask_Y := Y;
         Ask_Done := False;
         requeue Ask_Queue;
      end Ask_Held;

      entry Release
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Release_Armed
                   and then Release_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_2
              (Position_Of ((Id => Server_Release, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Release, Index => 0));
         Disarm;
         Chosen := Server_Release;
      end Release;

      entry Release_Held
        when Closed or else (Chosen = Server_No_Entry and then Release_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Release, Index => 0));
         Disarm;
         Chosen := Server_Release;
      end Release_Held;

      entry Pending (With_Abort, Without_Abort : out Natural)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Pending_Armed
                   and then Pending_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_3
              (Position_Of ((Id => Server_Pending, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Pending, Index => 0));
         Disarm;
         Chosen := Server_Pending;
         Pending_With_Abort := With_Abort;
         Pending_Without_Abort := Without_Abort;
         Pending_Done := False;
         requeue Pending_Queue;
      end Pending;

      entry Pending_Held (With_Abort, Without_Abort : out Natural)
        when Closed or else (Chosen = Server_No_Entry and then Pending_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Pending, Index => 0));
         Disarm;
         Chosen := Server_Pending;
         Pending_With_Abort := With_Abort;
         Pending_Without_Abort := Without_Abort;
         Pending_Done := False;
         requeue Pending_Queue;
      end Pending_Held;

      entry Later (X : Integer; Y : out Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Later_Armed
                   and then Later_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_Later, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Later, Index => 0));
         Disarm;
         Chosen := Server_Later;
         Later_X := X;
         Later_Y := Y;
         Later_Done := False;
         requeue Later_Queue;
      end Later;

      entry Later_Held (X : Integer; Y : out Integer)
        when Closed or else (Chosen = Server_No_Entry and then Later_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Later, Index => 0));
         Disarm;
         Chosen := Server_Later;
         Later_X := X;
         Later_Y := Y;
         Later_Done := False;
         requeue Later_Queue;
      end Later_Held;

      entry Later_Hop_Target (X : Integer; Y : out Integer)
        when True is
      begin
         requeue Later with abort;
      end Later_Hop_Target;

      entry Later_Firm (X : Integer; Y : out Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Later_Firm_Armed
                   and then Later_Firm_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_Later_Firm, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Later_Firm, Index => 0));
         Disarm;
         Chosen := Server_Later_Firm;
         Later_Firm_X := X;
         Later_Firm_Y := Y;
         Later_Firm_Done := False;
         requeue Later_Firm_Queue;
      end Later_Firm;

      entry Later_Firm_Held (X : Integer; Y : out Integer)
        when Closed
          or else (Chosen = Server_No_Entry and then Later_Firm_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Later_Firm, Index => 0));
         Disarm;
         Chosen := Server_Later_Firm;
         Later_Firm_X := X;
         Later_Firm_Y := Y;
         Later_Firm_Done := False;
         requeue Later_Firm_Queue;
      end Later_Firm_Held;

      entry Select_Arm
        (Order : Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Server_No_Entry then
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
        (Order : Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Ask_Armed := False;
         Release_Armed := False;
         Pending_Armed := False;
         Later_Armed := False;
         Later_Firm_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Ask =>
               Ask_Armed := True;
            when Server_Release =>
               Release_Armed := True;
            when Server_Pending =>
               Pending_Armed := True;
            when Server_Later =>
               Later_Armed := True;
            when Server_Later_Firm =>
               Later_Firm_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Ask =>
               return Server.Ask'Count + Ask_Held'Count > 0;
            when Server_Release =>
               return Server.Release'Count + Release_Held'Count > 0;
            when Server_Pending =>
               return Server.Pending'Count + Pending_Held'Count > 0;
            when Server_Later =>
               return Server.Later'Count + Later_Held'Count > 0;
            when Server_Later_Firm =>
               return Server.Later_Firm'Count + Later_Firm_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Server_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Ask_Take (X : out Integer; Y : out Integer) is
      begin
         X := Ask_X;
         Y := Ask_Y;
         Chosen := Server_No_Entry;
      end Ask_Take;

      procedure Ask_Woken (X : in Integer; Y : in Integer) is
      begin
         Disarm;
         Chosen := Server_Ask;
         Ask_X := X;
         Ask_Y := Y;
         Ask_Done := False;
      end Ask_Woken;

      procedure Ask_Accept_End (Y : in Integer) is
      begin
         Ask_Y := Y;
         Ask_Done := True;
      end Ask_Accept_End;

      procedure Ask_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Ask_Failure, Occurrence);
         Ask_Raised := True;
         Ask_Done := True;
      end Ask_Failed;

      entry Ask_Queue (X : in Integer; Y : out Integer)
        when Ask_Done or else Closed is
      begin
         if not Ask_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Ask_Done := False;
         if Ask_Raised then
            Ask_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Ask_Failure);
         end if;
         Y := Ask_Y;
         if Ask_Target = 1 then
            Ask_Target := 0;
            requeue Server_Agent.Ask_Requeue_Hop_1 with abort;
         end if;
         if Ask_Target = 2 then
            Ask_Target := 0;
            requeue Later_Firm;
         end if;
      end Ask_Queue;

      procedure Ask_Requeue_1 (Y : in Integer) is
      begin
         Ask_Y := Y;
         Ask_Target := 1;
         Ask_Done := True;
      end Ask_Requeue_1;

      procedure Ask_Requeue_2 (Y : in Integer) is
      begin
         Ask_Y := Y;
         Ask_Target := 2;
         Ask_Done := True;
      end Ask_Requeue_2;

      procedure Release_Take is
      begin
         Chosen := Server_No_Entry;
      end Release_Take;

      procedure Release_Woken is
      begin
         Disarm;
         Chosen := Server_Release;
      end Release_Woken;

      procedure Pending_Take
        (With_Abort : out Natural;
         Without_Abort : out Natural) is
      begin
         With_Abort := Pending_With_Abort;
         Without_Abort := Pending_Without_Abort;
         Chosen := Server_No_Entry;
      end Pending_Take;

      procedure Pending_Woken
        (With_Abort : in Natural;
         Without_Abort : in Natural) is
      begin
         Disarm;
         Chosen := Server_Pending;
         Pending_With_Abort := With_Abort;
         Pending_Without_Abort := Without_Abort;
         Pending_Done := False;
      end Pending_Woken;

      procedure Pending_Accept_End
        (With_Abort : in Natural;
         Without_Abort : in Natural) is
      begin
         Pending_With_Abort := With_Abort;
         Pending_Without_Abort := Without_Abort;
         Pending_Done := True;
      end Pending_Accept_End;

      procedure Pending_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Pending_Failure, Occurrence);
         Pending_Raised := True;
         Pending_Done := True;
      end Pending_Failed;

      entry Pending_Queue
        (With_Abort : out Natural;
         Without_Abort : out Natural)
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
         With_Abort := Pending_With_Abort;
         Without_Abort := Pending_Without_Abort;
      end Pending_Queue;

      procedure Later_Take (X : out Integer; Y : out Integer) is
      begin
         X := Later_X;
         Y := Later_Y;
         Chosen := Server_No_Entry;
      end Later_Take;

      procedure Later_Woken (X : in Integer; Y : in Integer) is
      begin
         Disarm;
         Chosen := Server_Later;
         Later_X := X;
         Later_Y := Y;
         Later_Done := False;
      end Later_Woken;

      procedure Later_Accept_End (Y : in Integer) is
      begin
         Later_Y := Y;
         Later_Done := True;
      end Later_Accept_End;

      procedure Later_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Later_Failure, Occurrence);
         Later_Raised := True;
         Later_Done := True;
      end Later_Failed;

      entry Later_Queue (X : in Integer; Y : out Integer)
        when Later_Done or else Closed is
      begin
         if not Later_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Later_Done := False;
         if Later_Raised then
            Later_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Later_Failure);
         end if;
         Y := Later_Y;
      end Later_Queue;

      function Later_Count return Natural is
      begin
         return Server.Later'Count + Later_Held'Count;
      end Later_Count;

      procedure Later_Firm_Take (X : out Integer; Y : out Integer) is
      begin
         X := Later_Firm_X;
         Y := Later_Firm_Y;
         Chosen := Server_No_Entry;
      end Later_Firm_Take;

      procedure Later_Firm_Woken (X : in Integer; Y : in Integer) is
      begin
         Disarm;
         Chosen := Server_Later_Firm;
         Later_Firm_X := X;
         Later_Firm_Y := Y;
         Later_Firm_Done := False;
      end Later_Firm_Woken;

      procedure Later_Firm_Accept_End (Y : in Integer) is
      begin
         Later_Firm_Y := Y;
         Later_Firm_Done := True;
      end Later_Firm_Accept_End;

      procedure Later_Firm_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Later_Firm_Failure, Occurrence);
         Later_Firm_Raised := True;
         Later_Firm_Done := True;
      end Later_Firm_Failed;

      entry Later_Firm_Queue (X : in Integer; Y : out Integer)
        when Later_Firm_Done or else Closed is
      begin
         if not Later_Firm_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Later_Firm_Done := False;
         if Later_Firm_Raised then
            Later_Firm_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Later_Firm_Failure);
         end if;
         Y := Later_Firm_Y;
      end Later_Firm_Queue;

      function Later_Firm_Count return Natural is
      begin
         return Server.Later_Firm'Count + Later_Firm_Held'Count;
      end Later_Firm_Count;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Server;

   task body Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Server_Closer);
      overriding procedure Finalize (Object : in out Server_Closer) is
      begin
         Server.Close;
      end Finalize;
      Closer : Server_Closer;
      Open : Boolean := False;
   begin
      loop
         declare
            Alternatives : constant Server_Alternative_List :=
              (1 => (Server_Ask, 0),
               2 => ((if Open then Server_Later else Server_No_Entry), 0),
               3 => ((if Open then Server_Later_Firm else Server_No_Entry), 0),
               4 => (Server_Release, 0),
               5 => (Server_Pending, 0));
            Choice : Natural;
         begin
            Server.Select_Arm
              (Order => Alternatives,
               Poll => False,
               Timed_Wait => False,
               Wake => True,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Integer; Value_2 : out Integer) do
                     Server.Ask_Woken (Value_1, Value_2);
                     requeue Server.Ask_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2)
                    (Value_1 : in Integer; Value_2 : out Integer) do
                     Server.Later_Woken (Value_1, Value_2);
                     requeue Server.Later_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_1 (3)
                    (Value_1 : in Integer; Value_2 : out Integer) do
                     Server.Later_Firm_Woken (Value_1, Value_2);
                     requeue Server.Later_Firm_Queue;
                  end Wake_1;
                  Choice := 3;
               or
                  accept Wake_2 (4) do
                     Server.Release_Woken;
                  end Wake_2;
                  Choice := 4;
               or
                  accept Wake_3 (5)
                    (Value_1 : out Natural; Value_2 : out Natural) do
                     Server.Pending_Woken (Value_1, Value_2);
                     requeue Server.Pending_Queue;
                  end Wake_3;
                  Choice := 5;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Integer; Value_2 : out Integer) do
                        requeue Server.Ask_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2)
                       (Value_1 : in Integer; Value_2 : out Integer) do
                        requeue Server.Later_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (3)
                       (Value_1 : in Integer; Value_2 : out Integer) do
                        requeue Server.Later_Firm_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (4) do
                        requeue Server.Release_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (5)
                       (Value_1 : out Natural; Value_2 : out Natural) do
                        requeue Server.Pending_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                     Y : Integer;
                  begin
                     Server.Ask_Take (X, Y);
                     begin
                        if X > 0 then
                           Server.Ask_Requeue_1 (Y);
                           select
                              accept Ask_Requeue_Hop_1
                                (Value_1 : in Integer; Value_2 : out Integer) do
                                 requeue Server.Later_Hop_Target with abort;
                              end Ask_Requeue_Hop_1;
                           else
                              null;   --  its time-out expired: cancelled
                           end select;
                           goto Ask_Requeued;
                        else
                           Server.Ask_Requeue_2 (Y);
                           goto Ask_Requeued;
                        end if;
                     exception
                        when Occurrence : others =>
                           Server.Ask_Failed (Occurrence);
                           raise;
                     end;
                     Server.Ask_Accept_End (Y);
                     <<Ask_Requeued>>
                     null;
                  end;
               when 2 =>
                  declare
                     X : Integer;
                     Y : Integer;
                  begin
                     Server.Later_Take (X, Y);
                     begin
                        Y := X * 10;
                     exception
                        when Occurrence : others =>
                           Server.Later_Failed (Occurrence);
                           raise;
                     end;
                     Server.Later_Accept_End (Y);
                  end;
               when 3 =>
                  declare
                     X : Integer;
                     Y : Integer;
                  begin
                     Server.Later_Firm_Take (X, Y);
                     begin
                        Y := -X;
                     exception
                        when Occurrence : others =>
                           Server.Later_Firm_Failed (Occurrence);
                           raise;
                     end;
                     Server.Later_Firm_Accept_End (Y);
                  end;
               when 4 =>
                  Server.Release_Take;
                  Open := True;
               when 5 =>
                  declare
                     With_Abort : Natural;
                     Without_Abort : Natural;
                  begin
                     Server.Pending_Take (With_Abort, Without_Abort);
                     begin
                        With_Abort := Server.Later_Count;
                        Without_Abort := Server.Later_Firm_Count;
                     exception
                        when Occurrence : others =>
                           Server.Pending_Failed (Occurrence);
                           raise;
                     end;
                     Server.Pending_Accept_End (With_Abort, Without_Abort);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Agent;

   Y          : Integer := 0;
   A, B       : Natural;
   Firm_Value : Integer := 0 with Volatile;
   Firm_Timed : Boolean := False with Volatile;
begin
   select
      Server.Ask (5, Y);
      Put_Line ("Ask (5) served (wrong):" & Integer'Image (Y));
   or
      delay 0.1;
      Put_Line ("Ask (5) timed out while requeued with abort");
   end select;
   Server.Pending (A, B);
   Put_Line ("queued after the timeout:" & Natural'Image (A) & Natural'Image (B));

   declare
      task Firm_Caller;
      task body Firm_Caller is
         V : Integer := 0;
      begin
         select
            Server.Ask (-3, V);
            Firm_Value := V;
         or
            delay 0.1;
            Firm_Timed := True;
         end select;
      end Firm_Caller;
   begin
      delay 0.4;
      Server.Pending (A, B);
      Put_Line ("queued without abort after 0.4 s:" & Natural'Image (A) & Natural'Image (B));
      Server.Release;
   end;
   Put_Line ("firm caller timed out: " & Boolean'Image (Firm_Timed) &
             ", value" & Integer'Image (Firm_Value));

   select
      Server.Ask (7, Y);
      Put_Line ("Ask (7) served:" & Integer'Image (Y));
   or
      delay 2.0;
      Put_Line ("Ask (7) timed out (wrong)");
   end select;
end Main;
