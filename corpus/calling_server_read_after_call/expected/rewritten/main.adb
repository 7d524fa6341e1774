--  A calling server computes between its two calls of Worker and reads a
--  limit the main program set before the tasks started; Worker sets its
--  flag after its first rendezvous, but the server never reads it.  The
--  object runs the read inside Worker's call, where it gives the same
--  value: translated (beside calling_server_read_after_call_refused).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Flag  : Boolean := False with Atomic;
   Limit : Integer := 0;
   Sent  : Integer := 0 with Atomic;
begin
   Limit := 1_000;
   declare
      task Worker;

      protected Server is
         entry Start (N : out Integer);
         entry Next (N : out Integer);
      private
         --  rdv2po: task Server, a calling server, became this protected object;
         --  its workers call it for what Server handed them. Stage is the call
         --  Server makes next: 1 = Worker.Start (1); 2 = Worker.Next (Integer (Sum
         --  mod 1_000) + Limit); 0 = not started; -1 = done (calls wait for ever,
         --  as for a task that has ended).
         Stage : Integer := 0;
         Sum : Long_Integer := 0;
         procedure Advance;
      end Server;

      task body Worker is
         Got : Integer := 0;
      begin
         declare
            N : Integer;
         begin
            Server.Start (N);
            Got := N;
         end;
         Flag := True;            --  after the rendezvous; nobody reads it before the end
         declare
            N : Integer;
         begin
            Server.Next (N);
            Got := N;
         end;
         Sent := Got;
      end Worker;

      protected body Server is

         procedure Advance is
         begin
            case Stage is
               when 1 => goto Resume_1;
               when 2 => goto Resume_2;
               when others => null;
            end case;
            Stage := 1;  --  Worker.Start (1)
            return;
            <<Resume_1>>
            for I in 1 .. 1_000 loop
               Sum := Sum + Long_Integer (I mod 7);
            end loop;
            Stage := 2;  --  Worker.Next (Integer (Sum mod 1_000) + Limit)
            return;
            <<Resume_2>>
            Stage := -1;
         exception
            when others =>
               --  Server would have ended here, silently
               Stage := -1;
         end Advance;

         entry Start (N : out Integer)
           when Stage in 0 | 1
         is
         begin
            if Stage = 0 then
               Advance;
               requeue Start with abort;
            end if;
            case Stage is
               when 1 =>
                  N := 1;
               when others =>
                  null;
            end case;
            Advance;
         exception
            when others =>
               --  Server would have ended here, silently, before this call
               Stage := -1;
               --  and never made it: its callee waits for ever
               requeue Start with abort;
         end Start;

         entry Next (N : out Integer)
           when Stage in 0 | 2
         is
         begin
            if Stage = 0 then
               Advance;
               requeue Next with abort;
            end if;
            case Stage is
               when 2 =>
                  N := Integer (Sum mod 1_000) + Limit;
               when others =>
                  null;
            end case;
            Advance;
         exception
            when others =>
               --  Server would have ended here, silently, before this call
               Stage := -1;
               --  and never made it: its callee waits for ever
               requeue Next with abort;
         end Next;

      end Server;
   begin
      null;
   end;
   Put_Line ("flag: " & Boolean'Image (Flag) & ", sent:" & Integer'Image (Sent));
   Put_Line ("PASSED");
end Main;
