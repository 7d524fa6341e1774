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
         Flag := True;            --  after the rendezvous; nobody reads it before the end
         accept Next (N : Integer) do
            Got := N;
         end Next;
         Sent := Got;
      end Worker;

      task body Server is
         Sum : Long_Integer := 0;
      begin
         Worker.Start (1);
         for I in 1 .. 1_000 loop
            Sum := Sum + Long_Integer (I mod 7);
         end loop;
         Worker.Next (Integer (Sum mod 1_000) + Limit);
      end Server;
   begin
      null;
   end;
   Put_Line ("flag: " & Boolean'Image (Flag) & ", sent:" & Integer'Image (Sent));
   Put_Line ("PASSED");
end Main;
