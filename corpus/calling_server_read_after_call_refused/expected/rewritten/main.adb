--  A calling server reads, after a computation between its two calls of
--  Worker, a flag Worker sets once its first rendezvous is over (outside
--  the accept body).  The task ran that code beside Worker, and after the
--  computation saw the flag set; the protected object would run it inside
--  Worker's call, before Worker can set it.  Refused, naming the read and
--  the write.  (What Server saw is a race in the original: not printed.)
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Flag : Boolean := False with Atomic;
   Seen : Boolean := False with Atomic;
begin
   declare
      package Worker is
         procedure Start (N : Integer);
         procedure Next (N : Integer);
         type Master is limited private;   --  rdv2po: the task's master waits for it
      private
         type Master is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Self : in out Master);
      end Worker;

      task Server;

      package body Worker is
         Got : Integer := 0;

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Start;
            entry Next;
            procedure Finish (Ended : Boolean);
            entry Await_End;   -- for the master's wait
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
            Stage : Positive := 1;   -- 1 at accept Start, 2 at accept Next
         end Turn;

         protected body Turn is
            entry Start when Over or else (not Busy and then Stage = 1) is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 2;
            end Start;

            entry Next when Over or else (not Busy and then Stage = 2) is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 3;
            end Next;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;

            entry Await_End when Over is
            begin
               null;
            end Await_End;
         end Turn;

         procedure Start (N : Integer) is
            Ended : Boolean := False;
         begin
            Turn.Start;
            begin
               Got := N;
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            begin
               Flag := True;
               --  after the rendezvous
            exception
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Start;

         procedure Next (N : Integer) is
         begin
            Turn.Next;
            begin
               Got := N;
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => True);   -- the task's end
         end Next;

         overriding procedure Finalize (Self : in out Master) is
            pragma Unreferenced (Self);
         begin
            Turn.Await_End;   -- where the master waited for the task
         end Finalize;
      end Worker;

      task body Server is
         Sum : Long_Integer := 0;
      begin
         Worker.Start (1);
         for I in 1 .. 1_000 loop    --  a computation: Worker goes on meanwhile
            Sum := Sum + Long_Integer (I mod 7);
         end loop;
         Seen := Flag;
         Worker.Next (Integer (Sum mod 2));
      end Server;
      Worker_Master : Worker.Master;  --  rdv2po: the task was activated here (its master waits for it)
   begin
      null;
   end;
   Put_Line ("flag: " & Boolean'Image (Flag));
   Put_Line ("PASSED");
end Main;
