--  A server whose select has a delay alternative and a guard that changes when
--  the delay expires, called by clients with conditional, timed and plain calls.
--  First, deterministically: the delay of a select with B open expires, B's
--  guard closes, and a timed call of B must time out (B is closed) while the
--  server waits in its next select.  Then a loop (reduced from an acceptance
--  program) whose guard opens and closes on every tick of the delay.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Server_Entry is (Server_No_Entry, Server_A, Server_B, Server_Stop);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry A (X : in Integer);
      entry B (X : in Integer; Y : out Integer);
      entry Stop (Total : out Integer);
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure A_Take (X : out Integer);
      procedure A_Accept_End;
      procedure A_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry A_Queue (X : in Integer);
      procedure B_Take (X : out Integer; Y : out Integer);
      procedure B_Accept_End (Y : in Integer);
      procedure B_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry B_Queue (X : in Integer; Y : out Integer);
      procedure Stop_Take (Total : out Integer);
      procedure Stop_Accept_End (Total : in Integer);
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue (Total : out Integer);
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
      Timed : Boolean := False;
      Closed : Boolean := False;
      A_Armed : Boolean := False;
      A_X : Integer;
      A_Done : Boolean := False;
      A_Raised : Boolean := False;
      A_Failure : Ada.Exceptions.Exception_Occurrence;
      B_Armed : Boolean := False;
      B_X : Integer;
      B_Y : Integer;
      B_Done : Boolean := False;
      B_Raised : Boolean := False;
      B_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Total : Integer;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
   end Server_Agent;
   protected body Server is

      entry A (X : in Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then ((A_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_A, Index => 0));
         Disarm;
         Chosen := Server_A;
         A_X := X;
         A_Done := False;
         requeue A_Queue;
      end A;

      entry B (X : in Integer; Y : out Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then ((B_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_B, Index => 0));
         Disarm;
         Chosen := Server_B;
         B_X := X;
         B_Y := Y;
         B_Done := False;
         requeue B_Queue;
      end B;

      entry Stop (Total : out Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then ((Stop_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Stop, Index => 0));
         Disarm;
         Chosen := Server_Stop;
         Stop_Total := Total;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

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
         Timed := Found = 0;
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
         A_Armed := False;
         B_Armed := False;
         Stop_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_A =>
               A_Armed := True;
            when Server_B =>
               B_Armed := True;
            when Server_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_A =>
               return Server.A'Count > 0;
            when Server_B =>
               return Server.B'Count > 0;
            when Server_Stop =>
               return Server.Stop'Count > 0;
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

      procedure A_Take (X : out Integer) is
      begin
         X := A_X;
         Chosen := Server_No_Entry;
      end A_Take;

      procedure A_Accept_End is
      begin
         A_Done := True;
      end A_Accept_End;

      procedure A_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (A_Failure, Occurrence);
         A_Raised := True;
         A_Done := True;
      end A_Failed;

      entry A_Queue (X : in Integer)
        when A_Done or else Closed is
      begin
         if not A_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         A_Done := False;
         if A_Raised then
            A_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (A_Failure);
         end if;
      end A_Queue;

      procedure B_Take (X : out Integer; Y : out Integer) is
      begin
         X := B_X;
         Y := B_Y;
         Chosen := Server_No_Entry;
      end B_Take;

      procedure B_Accept_End (Y : in Integer) is
      begin
         B_Y := Y;
         B_Done := True;
      end B_Accept_End;

      procedure B_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (B_Failure, Occurrence);
         B_Raised := True;
         B_Done := True;
      end B_Failed;

      entry B_Queue (X : in Integer; Y : out Integer)
        when B_Done or else Closed is
      begin
         if not B_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         B_Done := False;
         if B_Raised then
            B_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (B_Failure);
         end if;
         Y := B_Y;
      end B_Queue;

      procedure Stop_Take (Total : out Integer) is
      begin
         Total := Stop_Total;
         Chosen := Server_No_Entry;
      end Stop_Take;

      procedure Stop_Accept_End (Total : in Integer) is
      begin
         Stop_Total := Total;
         Stop_Done := True;
      end Stop_Accept_End;

      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
         Stop_Raised := True;
         Stop_Done := True;
      end Stop_Failed;

      entry Stop_Queue (Total : out Integer)
        when Stop_Done or else Closed is
      begin
         if not Stop_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Stop_Done := False;
         if Stop_Raised then
            Stop_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Stop_Failure);
         end if;
         Total := Stop_Total;
      end Stop_Queue;

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
      Sum : Integer := 0;
      Running : Boolean := True;
      Ticks : Natural := 0;
      Open : Boolean := True;
      Wait : Duration := 0.02;
   begin
      for Round in 1 .. 2 loop
         declare
            Choice : Natural;
         begin
            select
               Server.Select_Arm
                 (Order => (1 => ((if Open then Server_B else Server_No_Entry), 0),
                            2 => (Server_A, 0)),
                  Chosen_Position => Choice);
            or
               delay Wait;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                     Y : Integer;
                  begin
                     Server.B_Take (X, Y);
                     begin
                        Sum := Sum + X;
                        Y := X;
                     exception
                        when Occurrence : others =>
                           Server.B_Failed (Occurrence);
                           raise;
                     end;
                     Server.B_Accept_End (Y);
                  end;
               when 2 =>
                  declare
                     X : Integer;
                  begin
                     Server.A_Take (X);
                     begin
                        Sum := Sum + X;
                     exception
                        when Occurrence : others =>
                           Server.A_Failed (Occurrence);
                           raise;
                     end;
                     Server.A_Accept_End;
                  end;
               when others =>
                  Open := False;
                  Wait := 5.0;
            end case;
         end;
      end loop;
      while Running loop
         declare
            Choice : Natural;
         begin
            select
               Server.Select_Arm
                 (Order => (1 => (Server_A, 0),
                            2 => ((if Ticks mod 2 = 0 then Server_B else Server_No_Entry), 0),
                            3 => (Server_Stop, 0)),
                  Chosen_Position => Choice);
            or
               delay 0.0005;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Server.A_Take (X);
                     begin
                        Sum := Sum + X;
                     exception
                        when Occurrence : others =>
                           Server.A_Failed (Occurrence);
                           raise;
                     end;
                     Server.A_Accept_End;
                  end;
               when 2 =>
                  declare
                     X : Integer;
                     Y : Integer;
                  begin
                     Server.B_Take (X, Y);
                     begin
                        Sum := Sum + X;
                        Y := X;
                     exception
                        when Occurrence : others =>
                           Server.B_Failed (Occurrence);
                           raise;
                     end;
                     Server.B_Accept_End (Y);
                  end;
               when 3 =>
                  declare
                     Total : Integer;
                  begin
                     Server.Stop_Take (Total);
                     begin
                        Total := Sum;
                     exception
                        when Occurrence : others =>
                           Server.Stop_Failed (Occurrence);
                           raise;
                     end;
                     Server.Stop_Accept_End (Total);
                  end;
                  Running := False;
               when others =>
                  Ticks := Ticks + 1;
            end case;
         end;
      end loop;
   end Server_Agent;
   protected Client_Sum is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Client_Sum;
   protected body Client_Sum is
      procedure Add (X : Integer) is begin S := S + X; end Add;
      function Get return Integer is (S);
   end Client_Sum;
   T : Integer;
   Y : Integer;
begin
   delay 0.1;   --  the first select's delay has expired; B is closed now
   select
      Server.B (100, Y);
      Put_Line ("closed B: accepted");
   or
      delay 0.1;
      Put_Line ("closed B: timed out");
   end select;
   Server.A (0);   --  ends the second select
   declare
      task type Client (Seed : Positive);
      task body Client is
         Y : Integer;
      begin
         for I in 1 .. 200 loop
            case (I + Seed) mod 3 is
               when 0 =>
                  select
                     Server.A (Seed);
                     Client_Sum.Add (Seed);
                  else
                     null;
                  end select;
               when 1 =>
                  select
                     Server.B (Seed, Y);
                     Client_Sum.Add (Y);
                  or
                     delay 0.0002;
                  end select;
               when others =>
                  Server.A (1);
                  Client_Sum.Add (1);
            end case;
         end loop;
      end Client;
      C1 : Client (1); C2 : Client (2); C3 : Client (3);
   begin
      null;
   end;
   Server.Stop (T);
   Put_Line ("consistent: " & Boolean'Image (T = Client_Sum.Get));
   Put_Line ("PASSED");
end Main;
