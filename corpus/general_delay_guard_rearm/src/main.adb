--  A server whose select has a delay alternative and a guard that changes when
--  the delay expires, called by clients with conditional, timed and plain calls.
--  First, deterministically: the delay of a select with B open expires, B's
--  guard closes, and a timed call of B must time out (B is closed) while the
--  server waits in its next select.  Then a loop (reduced from an acceptance
--  program) whose guard opens and closes on every tick of the delay.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Server is
      entry A (X : in Integer);
      entry B (X : in Integer; Y : out Integer);
      entry Stop (Total : out Integer);
   end Server;
   task body Server is
      Sum : Integer := 0;
      Running : Boolean := True;
      Ticks : Natural := 0;
      Open : Boolean := True;
      Wait : Duration := 0.02;
   begin
      for Round in 1 .. 2 loop
         select
            when Open =>
               accept B (X : in Integer; Y : out Integer) do
                  Sum := Sum + X;
                  Y := X;
               end B;
         or
            accept A (X : in Integer) do
               Sum := Sum + X;
            end A;
         or
            delay Wait;
            Open := False;
            Wait := 5.0;
         end select;
      end loop;
      while Running loop
         select
            accept A (X : in Integer) do
               Sum := Sum + X;
            end A;
         or
            when Ticks mod 2 = 0 =>
               accept B (X : in Integer; Y : out Integer) do
                  Sum := Sum + X;
                  Y := X;
               end B;
         or
            accept Stop (Total : out Integer) do
               Total := Sum;
            end Stop;
            Running := False;
         or
            delay 0.0005;
            Ticks := Ticks + 1;
         end select;
      end loop;
   end Server;
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
