--  A calling server reads, after a computation between its two calls of
--  Worker, a flag Worker sets once its first rendezvous is over (outside
--  the accept body).  The task ran that code beside Worker, and after the
--  computation saw the flag set; the protected object would run it inside
--  Worker's call, before Worker can set it.  Refused, naming the read and
--  the write.  (What Server saw is a race in the original: not printed.)
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Flag : Boolean := False with Atomic;
   Seen : Boolean := False with Atomic;
begin
   declare
      task Worker is
         entry Start (N : Integer);
         entry Next (N : Integer);
      end Worker;

      task Server;

      task body Worker is
         Got : Integer := 0;
      begin
         accept Start (N : Integer) do
            Got := N;
         end Start;
         Flag := True;            --  after the rendezvous
         accept Next (N : Integer) do
            Got := N;
         end Next;
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
   begin
      null;
   end;
   Put_Line ("flag: " & Boolean'Image (Flag));
   Put_Line ("PASSED");
end Main;
