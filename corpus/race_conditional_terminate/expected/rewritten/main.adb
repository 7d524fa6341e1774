--  Clients hammer a server waiting in a select with a terminate
--  alternative: conditional calls retried without pause, conditional calls
--  retried after a tiny pause, and plain calls, all at once.  Calls arrive
--  while the server is about to wait, is waiting, and is busy, so a
--  translation that treats these moments differently is exercised on every
--  run.  (No timed calls: the general scheme refuses them at a terminate
--  wait; see race_timed_terminate.)  Every call is retried until it is accepted, so the totals are
--  deterministic.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Clients : constant := 4;
   Rounds  : constant := 100;

   protected Server is
      entry Put (X : Integer);
      entry Ping;
      procedure Get (Sum : out Integer; Calls : out Natural);
   private
      --  rdv2po: task Server became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Total : Integer := 0;
      Count : Natural := 0;
   end Server;

   protected body Server is

      entry Put (X : Integer) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Total := Total + X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Count := Count + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Put;

      entry Ping when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Count := Count + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Ping;

      procedure Get (Sum : out Integer; Calls : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Sum := Total;
         Calls := Count;
      end Get;

   end Server;

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
