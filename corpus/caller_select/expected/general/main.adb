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

   task Server is
      entry Open;
      entry Close;
      entry Put (X : Integer);
      entry Get_Total (T : out Integer; N : out Natural);
   end Server;

   task body Server is
      Is_Open : Boolean := False;
      Total   : Integer := 0;
      Count   : Natural := 0;
   begin
      loop
         select
            accept Open do
               Is_Open := True;
            end Open;
         or
            accept Close do
               Is_Open := False;
            end Close;
         or
            when Is_Open =>
               accept Put (X : Integer) do
                  Total := Total + X;
               end Put;
               Count := Count + 1;
         or
            accept Get_Total (T : out Integer; N : out Natural) do
               T := Total;
               N := Count;
            end Get_Total;
         or
            terminate;
         end select;
      end loop;
   end Server;

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
