--  A server alternates between two selects with a terminate alternative
--  (the same entries in two orders); clients hammer it with conditional
--  calls retried without pause and timed calls with 1 and 10 microsecond
--  time-outs.  The general scheme refuses it: at a terminate wait it passes
--  a caller to the agent task by a requeue in an accept body, and a timed
--  call cancelled at that moment left the agent's lock held for ever in
--  GNAT 12 (one run in about 150, under load).

with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Server is
      entry A (V : Integer);
      entry B (V : Integer);
      entry C (V : Integer);
      entry Get (SA, SB, SC : out Integer);
   private
      --  rdv2po: task Server became this protected object. Stage is where
      --  the task stood: 1 = select of A/B/C/Get; 0 = ended (calls raise
      --  Tasking_Error); -1 = not started (Start_Up runs at the first
      --  call).
      Stage : Integer := -1;
      SA, SB, SC : Integer := 0;
      Phase : Boolean := False;
      procedure Start_Up;
   end Server;
   protected body Server is

      procedure Start_Up is
      begin
         Stage := 1;
         Phase := not Phase;
      end Start_Up;

      entry A (V : Integer) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue A with abort;
         end if;
         begin
            SA := SA + V;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         Phase := not Phase;
      end A;

      entry B (V : Integer) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue B with abort;
         end if;
         begin
            SB := SB + V;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         Phase := not Phase;
      end B;

      entry C (V : Integer) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue C with abort;
         end if;
         begin
            SC := SC + V;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         Phase := not Phase;
      end C;

      entry Get (SA, SB, SC : out Integer)
        when Stage <= 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Get with abort;
         end if;
         begin
            SA := Server.SA; SB := Server.SB; SC := Server.SC;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         Phase := not Phase;
      end Get;

   end Server;
   task type Client (K : Natural);
   task body Client is
   begin
      for I in 1 .. 300 loop
         case K mod 3 is
            when 0 =>
               loop
                  select Server.A (1); exit; else null; end select;
               end loop;
            when 1 =>
               loop
                  select Server.B (10); exit; or delay 0.000001; end select;
               end loop;
            when others =>
               loop
                  select Server.C (100); exit; or delay 0.00001; end select;
               end loop;
         end case;
      end loop;
   end Client;
   A, B, C : Integer;
begin
   declare
      C0 : Client (0); C1 : Client (1); C2 : Client (2);
      C3 : Client (3); C4 : Client (4); C5 : Client (5);
   begin
      null;
   end;
   Server.Get (A, B, C);
   Put_Line (A'Img & B'Img & C'Img);
   if A = 600 and then B = 6_000 and then C = 60_000 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
