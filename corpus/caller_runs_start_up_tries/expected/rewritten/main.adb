--  Conditional calls of servers the caller-runs scheme takes (each prints in
--  its accept body).  Warm computes a table before its first select: the task
--  ran that loop on its own once activated, so a conditional call made
--  meanwhile took its else part; the package would run it in the activator,
--  before the activator goes on, and every later call would find the server
--  ready.  Cold's start-up code is one assignment, whose time no call can see.
--  Main calls each once plainly first, so in this run both are ready.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Warm is
      entry Ping (N : Integer);
   end Warm;

   task body Warm is
      Table : array (1 .. 100) of Integer;
      Sum   : Integer := 0;
   begin
      for I in Table'Range loop
         Table (I) := I mod 7;
      end loop;
      loop
         select
            accept Ping (N : Integer) do
               Sum := Sum + Table (N);
               Put_Line ("warm sum" & Integer'Image (Sum));
            end Ping;
         or
            terminate;
         end select;
      end loop;
   end Warm;

   package Cold is
      procedure Ping (N : Integer);
      function Start return Boolean;   --  rdv2po: the task's activation
      procedure Try_Ping (N : Integer; Taken : out Boolean);
   end Cold;

   package body Cold is
      Sum : Integer := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Ping;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := True;   -- until Start has run
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Ping when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Ping;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Serve_Ping (N : Integer) is
      begin
         begin
            Sum := Sum + N;
            Put_Line ("cold sum" & Integer'Image (Sum));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Serve_Ping;

      procedure Ping (N : Integer) is
      begin
         Turn.Ping;
         Serve_Ping (N);
      end Ping;

      procedure Try_Ping (N : Integer; Taken : out Boolean) is
      begin
         select
            Turn.Ping;
            Taken := True;
         else
            Taken := False;
         end select;
         if Taken then
            Serve_Ping (N);
         end if;
      end Try_Ping;

      --  What the task did when it was activated and before its loop, done
      --  where it was activated; False when its activation failed.
      function Start return Boolean is
      begin
         begin
            Sum := 1;
         exception
            when others =>   -- the server dies of it, silently
               Turn.Finish (Ended => True);
               return True;
         end;
         Turn.Finish (Ended => False);   -- the server is at its loop
         return True;
      end Start;
   end Cold;
   Cold_Started : constant Boolean := Cold.Start;  --  rdv2po: the task was activated here
begin
   Warm.Ping (10);
   Cold.Ping (4);
   delay 0.5;
   select
      Warm.Ping (20);
      Put_Line ("warm taken");
   else
      Put_Line ("warm busy");
   end select;
   declare
      Taken : Boolean;
   begin
      Cold.Try_Ping (6, Taken => Taken);
      if Taken then
         Put_Line ("cold taken");
      else
         Put_Line ("cold busy");
      end if;
   end;
   Put_Line ("PASSED");
end Main;
