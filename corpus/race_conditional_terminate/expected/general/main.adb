--  Clients hammer a server waiting in a select with a terminate
--  alternative: conditional calls retried without pause, conditional calls
--  retried after a tiny pause, and plain calls, all at once.  Calls arrive
--  while the server is about to wait, is waiting, and is busy, so a
--  translation that treats these moments differently is exercised on every
--  run.  (No timed calls: the general scheme refuses them at a terminate
--  wait; see race_timed_terminate.)  Every call is retried until it is accepted, so the totals are
--  deterministic.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Clients : constant := 4;
   Rounds  : constant := 100;

   type Server_Entry is (Server_No_Entry, Server_Put, Server_Ping, Server_Get);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry Put (X : Integer);
      entry Ping;
      entry Get (Sum : out Integer; Calls : out Natural);
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (X : Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry Ping_Held;
      procedure Ping_Woken;
      procedure Ping_Take;
      entry Get_Held (Sum : out Integer; Calls : out Natural);
      procedure Get_Woken (Sum : in Integer; Calls : in Natural);
      procedure Get_Take (Sum : out Integer; Calls : out Natural);
      procedure Get_Accept_End (Sum : in Integer; Calls : in Natural);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Sum : out Integer; Calls : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Alternative);
      function Queued (Alternative : Server_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Alternative) return Natural;
      Armed_List : Server_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Ping_Armed : Boolean := False;
      Get_Armed : Boolean := False;
      Get_Sum : Integer;
      Get_Calls : Natural;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3);
      entry Wake_3 (Positive range 1 .. 3)
        (Value_1 : out Integer; Value_2 : out Natural);
   end Server_Agent;

   protected body Server is

      entry Put (X : Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put;

      entry Put_Held (X : Integer)
        when Closed or else (Chosen = Server_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put_Held;

      entry Ping
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Ping_Armed
                   and then Ping_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_2
              (Position_Of ((Id => Server_Ping, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Ping, Index => 0));
         Ping_Woken;
      end Ping;

      entry Ping_Held
        when Closed or else (Chosen = Server_No_Entry and then Ping_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Ping, Index => 0));
         Ping_Woken;
      end Ping_Held;

      entry Get (Sum : out Integer; Calls : out Natural)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_3
              (Position_Of ((Id => Server_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Get, Index => 0));
         Get_Woken (Sum, Calls);
         requeue Get_Queue;
      end Get;

      entry Get_Held (Sum : out Integer; Calls : out Natural)
        when Closed or else (Chosen = Server_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Get, Index => 0));
         Get_Woken (Sum, Calls);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Server_No_Entry then
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
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Ping_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Put =>
               Put_Armed := True;
            when Server_Ping =>
               Ping_Armed := True;
            when Server_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Put =>
               return Server.Put'Count + Put_Held'Count > 0;
            when Server_Ping =>
               return Server.Ping'Count + Ping_Held'Count > 0;
            when Server_Get =>
               return Server.Get'Count + Get_Held'Count > 0;
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

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Server_No_Entry;
      end Put_Take;

      procedure Put_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Server_Put;
         Put_X := X;
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

      entry Put_Queue (X : in Integer)
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

      procedure Ping_Take is
      begin
         Chosen := Server_No_Entry;
      end Ping_Take;

      procedure Ping_Woken is
      begin
         Disarm;
         Chosen := Server_Ping;
      end Ping_Woken;

      procedure Get_Take (Sum : out Integer; Calls : out Natural) is
      begin
         Sum := Get_Sum;
         Calls := Get_Calls;
         Chosen := Server_No_Entry;
      end Get_Take;

      procedure Get_Woken (Sum : in Integer; Calls : in Natural) is
      begin
         Disarm;
         Chosen := Server_Get;
         Get_Sum := Sum;
         Get_Calls := Calls;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (Sum : in Integer; Calls : in Natural) is
      begin
         Get_Sum := Sum;
         Get_Calls := Calls;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Sum : out Integer; Calls : out Natural)
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
         Sum := Get_Sum;
         Calls := Get_Calls;
      end Get_Queue;

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
      Total : Integer := 0;
      Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Server_Alternative_List :=
              (1 => (Server_Put, 0),
               2 => (Server_Ping, 0),
               3 => (Server_Get, 0));
            Choice : Natural;
         begin
            Server.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Server.Put_Woken (Value_1);
                     requeue Server.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) do
                     Server.Ping_Woken;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3)
                    (Value_1 : out Integer; Value_2 : out Natural) do
                     Server.Get_Woken (Value_1, Value_2);
                     requeue Server.Get_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Server.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) do
                        requeue Server.Ping_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3)
                       (Value_1 : out Integer; Value_2 : out Natural) do
                        requeue Server.Get_Held with abort;
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
                  begin
                     Server.Put_Take (X);
                     begin
                        Total := Total + X;
                     exception
                        when Occurrence : others =>
                           Server.Put_Failed (Occurrence);
                           raise;
                     end;
                     Server.Put_Accept_End;
                  end;
                  Count := Count + 1;
               when 2 =>
                  Server.Ping_Take;
                  Count := Count + 1;
               when 3 =>
                  declare
                     Sum : Integer;
                     Calls : Natural;
                  begin
                     Server.Get_Take (Sum, Calls);
                     begin
                        Sum := Total;
                        Calls := Count;
                     exception
                        when Occurrence : others =>
                           Server.Get_Failed (Occurrence);
                           raise;
                     end;
                     Server.Get_Accept_End (Sum, Calls);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Agent;

   task type Client (Id : Positive);

   task body Client is
      Value : Integer;
   begin
      for I in 1 .. Rounds loop
         Value := Id * 1000 + I;
         case I mod 4 is
            when 0 =>
               loop
                  select
                     Server.Put (Value);
                     exit;
                  else
                     null;
                  end select;
               end loop;
            when 1 =>
               loop
                  select
                     Server.Ping;
                     exit;
                  else
                     null;
                  end select;
               end loop;
            when 2 =>
               loop
                  select
                     Server.Put (Value);
                     exit;
                  else
                     delay 0.000_01;
                  end select;
               end loop;
            when others =>
               Server.Put (Value);
         end case;
      end loop;
   end Client;

   Sum   : Integer;
   Calls : Natural;
   Expected_Sum : Integer := 0;

begin
   declare
      C1 : Client (1);
      C2 : Client (2);
      C3 : Client (3);
      C4 : Client (4);
   begin
      null;
   end;
   Server.Get (Sum, Calls);
   for Id in 1 .. Clients loop
      for I in 1 .. Rounds loop
         if I mod 4 /= 1 then
            Expected_Sum := Expected_Sum + Id * 1000 + I;
         end if;
      end loop;
   end loop;
   Put_Line ("calls" & Natural'Image (Calls) & " sum" & Integer'Image (Sum));
   if Calls = Clients * Rounds and then Sum = Expected_Sum then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
