--  Client-side conditional and timed entry calls against an accepting
--  server.  Calls made while the server's Put guard is closed are refused
--  (conditional) or time out (timed) deterministically; while it is open,
--  timed calls with a generous delay succeed and conditional calls are
--  retried until they succeed, so only deterministic counts are printed.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Clients : constant := 3;
   Items   : constant := 6;

   type Server_Entry is
     (Server_No_Entry,
      Server_Open,
      Server_Close,
      Server_Put,
      Server_Get_Total);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry Open;
      entry Close;
      entry Put (X : Integer);
      entry Get_Total (T : out Integer; N : out Natural);
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Open_Held;
      procedure Open_Woken;
      procedure Open_Take;
      procedure Open_Accept_End;
      procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Open_Queue;
      entry Close_Held;
      procedure Close_Woken;
      procedure Close_Take;
      procedure Close_Accept_End;
      procedure Close_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Close_Queue;
      entry Put_Held (X : Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry Get_Total_Held (T : out Integer; N : out Natural);
      procedure Get_Total_Woken (T : in Integer; N : in Natural);
      procedure Get_Total_Take (T : out Integer; N : out Natural);
      procedure Get_Total_Accept_End (T : in Integer; N : in Natural);
      procedure Get_Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Total_Queue (T : out Integer; N : out Natural);
      procedure Close_2;
   private
      entry Select_Wait
        (Order : Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Alternative);
      function Queued (Alternative : Server_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Alternative) return Natural;
      Armed_List : Server_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Open_Armed : Boolean := False;
      Open_Done : Boolean := False;
      Open_Raised : Boolean := False;
      Open_Failure : Ada.Exceptions.Exception_Occurrence;
      Close_Armed : Boolean := False;
      Close_Done : Boolean := False;
      Close_Raised : Boolean := False;
      Close_Failure : Ada.Exceptions.Exception_Occurrence;
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Total_Armed : Boolean := False;
      Get_Total_T : Integer;
      Get_Total_N : Natural;
      Get_Total_Done : Boolean := False;
      Get_Total_Raised : Boolean := False;
      Get_Total_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
      entry Wake_1 (Positive range 1 .. 4);
      entry Wake_2 (Positive range 1 .. 4) (Value_1 : in Integer);
      entry Wake_3 (Positive range 1 .. 4)
        (Value_1 : out Integer; Value_2 : out Natural);
   end Server_Agent;

   protected body Server is

      entry Open
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Open_Armed
                   and then Open_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_Open, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Open, Index => 0));
         Disarm;
         Chosen := Server_Open;
         Open_Done := False;
         requeue Open_Queue;
      end Open;

      entry Open_Held
        when Closed or else (Chosen = Server_No_Entry and then Open_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Open, Index => 0));
         Disarm;
         Chosen := Server_Open;
         Open_Done := False;
         requeue Open_Queue;
      end Open_Held;

      entry Close
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Close_Armed
                   and then Close_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_Close, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Close, Index => 0));
         Disarm;
         Chosen := Server_Close;
         Close_Done := False;
         requeue Close_Queue;
      end Close;

      entry Close_Held
        when Closed or else (Chosen = Server_No_Entry and then Close_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Close, Index => 0));
         Disarm;
         Chosen := Server_Close;
         Close_Done := False;
         requeue Close_Queue;
      end Close_Held;

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
            requeue Server_Agent.Wake_2
              (Position_Of ((Id => Server_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Put, Index => 0));
         Disarm;
         Chosen := Server_Put;
         Put_X := X;
         Put_Done := False;
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
         Disarm;
         Chosen := Server_Put;
         Put_X := X;
         Put_Done := False;
         requeue Put_Queue;
      end Put_Held;

      entry Get_Total (T : out Integer; N : out Natural)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Get_Total_Armed
                   and then Get_Total_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_3
              (Position_Of ((Id => Server_Get_Total, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Get_Total, Index => 0));
         Disarm;
         Chosen := Server_Get_Total;
         Get_Total_T := T;
         Get_Total_N := N;
         Get_Total_Done := False;
         requeue Get_Total_Queue;
      end Get_Total;

      entry Get_Total_Held (T : out Integer; N : out Natural)
        when Closed or else (Chosen = Server_No_Entry and then Get_Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Get_Total, Index => 0));
         Disarm;
         Chosen := Server_Get_Total;
         Get_Total_T := T;
         Get_Total_N := N;
         Get_Total_Done := False;
         requeue Get_Total_Queue;
      end Get_Total_Held;

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
         Open_Armed := False;
         Close_Armed := False;
         Put_Armed := False;
         Get_Total_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Open =>
               Open_Armed := True;
            when Server_Close =>
               Close_Armed := True;
            when Server_Put =>
               Put_Armed := True;
            when Server_Get_Total =>
               Get_Total_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Open =>
               return Server.Open'Count + Open_Held'Count > 0;
            when Server_Close =>
               return Server.Close'Count + Close_Held'Count > 0;
            when Server_Put =>
               return Server.Put'Count + Put_Held'Count > 0;
            when Server_Get_Total =>
               return Server.Get_Total'Count + Get_Total_Held'Count > 0;
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

      procedure Open_Take is
      begin
         Chosen := Server_No_Entry;
      end Open_Take;

      procedure Open_Woken is
      begin
         Disarm;
         Chosen := Server_Open;
         Open_Done := False;
      end Open_Woken;

      procedure Open_Accept_End is
      begin
         Open_Done := True;
      end Open_Accept_End;

      procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Open_Failure, Occurrence);
         Open_Raised := True;
         Open_Done := True;
      end Open_Failed;

      entry Open_Queue
        when Open_Done or else Closed is
      begin
         if not Open_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Open_Done := False;
         if Open_Raised then
            Open_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Open_Failure);
         end if;
      end Open_Queue;

      procedure Close_Take is
      begin
         Chosen := Server_No_Entry;
      end Close_Take;

      procedure Close_Woken is
      begin
         Disarm;
         Chosen := Server_Close;
         Close_Done := False;
      end Close_Woken;

      procedure Close_Accept_End is
      begin
         Close_Done := True;
      end Close_Accept_End;

      procedure Close_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Close_Failure, Occurrence);
         Close_Raised := True;
         Close_Done := True;
      end Close_Failed;

      entry Close_Queue
        when Close_Done or else Closed is
      begin
         if not Close_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Close_Done := False;
         if Close_Raised then
            Close_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Close_Failure);
         end if;
      end Close_Queue;

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

      procedure Get_Total_Take (T : out Integer; N : out Natural) is
      begin
         T := Get_Total_T;
         N := Get_Total_N;
         Chosen := Server_No_Entry;
      end Get_Total_Take;

      procedure Get_Total_Woken (T : in Integer; N : in Natural) is
      begin
         Disarm;
         Chosen := Server_Get_Total;
         Get_Total_T := T;
         Get_Total_N := N;
         Get_Total_Done := False;
      end Get_Total_Woken;

      procedure Get_Total_Accept_End (T : in Integer; N : in Natural) is
      begin
         Get_Total_T := T;
         Get_Total_N := N;
         Get_Total_Done := True;
      end Get_Total_Accept_End;

      procedure Get_Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Total_Failure, Occurrence);
         Get_Total_Raised := True;
         Get_Total_Done := True;
      end Get_Total_Failed;

      entry Get_Total_Queue (T : out Integer; N : out Natural)
        when Get_Total_Done or else Closed is
      begin
         if not Get_Total_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Total_Done := False;
         if Get_Total_Raised then
            Get_Total_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get_Total_Failure);
         end if;
         T := Get_Total_T;
         N := Get_Total_N;
      end Get_Total_Queue;

      procedure Close_2 is
      begin
         Closed := True;
      end Close_2;
   end Server;

   task body Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Server_Closer);
      overriding procedure Finalize (Object : in out Server_Closer) is
      begin
         Server.Close_2;
      end Finalize;
      Closer : Server_Closer;
      Is_Open : Boolean := False;
      Total   : Integer := 0;
      Count   : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Server_Alternative_List :=
              (1 => (Server_Open, 0),
               2 => (Server_Close, 0),
               3 => ((if Is_Open then Server_Put else Server_No_Entry), 0),
               4 => (Server_Get_Total, 0));
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
                  accept Wake_1 (1) do
                     Server.Open_Woken;
                     requeue Server.Open_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Server.Close_Woken;
                     requeue Server.Close_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_2 (3) (Value_1 : in Integer) do
                     Server.Put_Woken (Value_1);
                     requeue Server.Put_Queue;
                  end Wake_2;
                  Choice := 3;
               or
                  accept Wake_3 (4)
                    (Value_1 : out Integer; Value_2 : out Natural) do
                     Server.Get_Total_Woken (Value_1, Value_2);
                     requeue Server.Get_Total_Queue;
                  end Wake_3;
                  Choice := 4;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Server.Open_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Server.Close_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (3) (Value_1 : in Integer) do
                        requeue Server.Put_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (4)
                       (Value_1 : out Integer; Value_2 : out Natural) do
                        requeue Server.Get_Total_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Server.Open_Take;
                  begin
                     Is_Open := True;
                  exception
                     when Occurrence : others =>
                        Server.Open_Failed (Occurrence);
                        raise;
                  end;
                  Server.Open_Accept_End;
               when 2 =>
                  Server.Close_Take;
                  begin
                     Is_Open := False;
                  exception
                     when Occurrence : others =>
                        Server.Close_Failed (Occurrence);
                        raise;
                  end;
                  Server.Close_Accept_End;
               when 3 =>
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
               when 4 =>
                  declare
                     T : Integer;
                     N : Natural;
                  begin
                     Server.Get_Total_Take (T, N);
                     begin
                        T := Total;
                        N := Count;
                     exception
                        when Occurrence : others =>
                           Server.Get_Total_Failed (Occurrence);
                           raise;
                     end;
                     Server.Get_Total_Accept_End (T, N);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Agent;

   type Client;
   type Client_Entry is (Client_No_Entry, Client_Start, Client_Done);
   task type Client_Agent (Self : not null access Client) is
      --  rdv2po: general scheme agent of Client
   end Client_Agent;
   --  rdv2po: task type Client became this protected type; its code runs in
   --  Client_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Client is
      entry Start (Id : Positive);
      entry Done (Sent, Sum : out Natural);
      --  rdv2po: the rendezvous protocol, for Client_Agent
      entry Start_Accept_Begin (Id : out Positive);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Id : in Positive);
      entry Done_Accept_Begin (Sent : out Natural; Sum : out Natural);
      procedure Done_Accept_End (Sent : in Natural; Sum : in Natural);
      procedure Done_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Done_Queue (Sent : out Natural; Sum : out Natural);
      procedure Close_2;
   private
      Chosen : Client_Entry := Client_No_Entry;
      Closed : Boolean := False;
      Start_Id : Positive;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Done_Sent : Natural;
      Done_Sum : Natural;
      Done_Done : Boolean := False;
      Done_Raised : Boolean := False;
      Done_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Client_Agent (Self => Client'Unchecked_Access);
   end Client;

   protected body Client is

      entry Start (Id : Positive)
        when Closed
          or else (Chosen = Client_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Client_Start;
         Start_Id := Id;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Done (Sent, Sum : out Natural)
        when Closed
          or else (Chosen = Client_No_Entry
                   and then Done_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Client_Done;
         Done_Sent := Sent;
         Done_Sum := Sum;
         Done_Done := False;
         requeue Done_Queue;
      end Done;

      entry Start_Accept_Begin (Id : out Positive)
        when Chosen = Client_Start is
      begin
         Id := Start_Id;
         Chosen := Client_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (Id : in Positive)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      entry Done_Accept_Begin (Sent : out Natural; Sum : out Natural)
        when Chosen = Client_Done is
      begin
         Sent := Done_Sent;
         Sum := Done_Sum;
         Chosen := Client_No_Entry;
      end Done_Accept_Begin;

      procedure Done_Accept_End (Sent : in Natural; Sum : in Natural) is
      begin
         Done_Sent := Sent;
         Done_Sum := Sum;
         Done_Done := True;
      end Done_Accept_End;

      procedure Done_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Done_Failure, Occurrence);
         Done_Raised := True;
         Done_Done := True;
      end Done_Failed;

      entry Done_Queue (Sent : out Natural; Sum : out Natural)
        when Done_Done or else Closed is
      begin
         if not Done_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Done_Done := False;
         if Done_Raised then
            Done_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Done_Failure);
         end if;
         Sent := Done_Sent;
         Sum := Done_Sum;
      end Done_Queue;

      procedure Close_2 is
      begin
         Closed := True;
      end Close_2;
   end Client;

   task body Client_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Client_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Client_Closer);
      overriding procedure Finalize (Object : in out Client_Closer) is
      begin
         Self.Close_2;
      end Finalize;
      Closer : Client_Closer;
      Me      : Positive;
      Sent    : Natural := 0;
      Sum     : Natural := 0;
      Value   : Natural;
      Retries : Natural := 0;
   begin
      declare
         Id : Positive;
      begin
         Self.Start_Accept_Begin (Id);
         begin
            Me := Id;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      for I in 1 .. Items loop
         Value := Me * 100 + I;
         if I mod 2 = 1 then
            --  Conditional call, retried until the server takes it.
            loop
               select
                  Server.Put (Value);
                  Sent := Sent + 1;
                  Sum := Sum + Value;
                  exit;
               else
                  --  Busy: try again shortly (the retry count varies from
                  --  run to run, so it is never printed).
                  Retries := Retries + 1;
                  delay 0.001;
               end select;
            end loop;
         else
            --  Timed call; the server is open, so it is accepted.
            select
               Server.Put (Value);
               Sent := Sent + 1;
               Sum := Sum + Value;
            or
               delay 1.0;
            end select;
         end if;
      end loop;
      declare
         Sent : Natural;
         Sum : Natural;
      begin
         Self.Done_Accept_Begin (Sent, Sum);
         begin
            Sent := Client_Agent.Sent;
            Sum := Client_Agent.Sum;
         exception
            when Occurrence : others =>
               Self.Done_Failed (Occurrence);
               raise;
         end;
         Self.Done_Accept_End (Sent, Sum);
      end;
   end Client_Agent;

   Refused   : Natural := 0;
   Timed_Out : Natural := 0;
   Accepted  : Natural := 0;
   Sent      : Natural;
   Sum       : Natural;
   All_Sent  : Natural := 0;
   All_Sum   : Natural := 0;
   Total     : Integer;
   Count     : Natural;

begin
   --  The server starts closed: these calls cannot be accepted.
   for I in 1 .. 3 loop
      select
         Server.Put (-1);
         Accepted := Accepted + 1;
      else
         Refused := Refused + 1;
      end select;
   end loop;
   select
      Server.Put (-2);
      Accepted := Accepted + 1;
   or
      delay 0.02;
      Timed_Out := Timed_Out + 1;
   end select;

   Server.Open;
   select
      Server.Put (7);
      Accepted := Accepted + 1;
   or
      delay 1.0;
      Timed_Out := Timed_Out + 1;
   end select;

   declare
      Crowd : array (1 .. Clients) of Client;
   begin
      for I in Crowd'Range loop
         Crowd (I).Start (I);
      end loop;
      for I in Crowd'Range loop
         Crowd (I).Done (Sent, Sum);
         Put_Line ("client" & Integer'Image (I) & " sent" &
                   Natural'Image (Sent) & " sum" & Natural'Image (Sum));
         All_Sent := All_Sent + Sent;
         All_Sum := All_Sum + Sum;
      end loop;
   end;

   Server.Close;
   select
      Server.Put (-3);
      Accepted := Accepted + 1;
   else
      Refused := Refused + 1;
   end select;

   Server.Get_Total (Total, Count);
   Put_Line ("main refused" & Natural'Image (Refused) &
             " timed out" & Natural'Image (Timed_Out) &
             " accepted" & Natural'Image (Accepted));
   Put_Line ("server total" & Integer'Image (Total) &
             " count" & Natural'Image (Count));
   if Refused = 4
     and then Timed_Out = 1
     and then Accepted = 1
     and then Count = All_Sent + Accepted
     and then Total = All_Sum + 7
     and then All_Sent = Clients * Items
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
