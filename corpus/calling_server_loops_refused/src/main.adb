--  A calling server that waits, between its calls, for the first worker to
--  say it has finished: it spins on an Atomic flag the worker sets after its
--  rendezvous.  In the protected object that loop would run inside the
--  first worker's own call, which could never return to set the flag: the
--  calling scheme refuses it, naming the flag.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Ready : Boolean := False with Atomic;
   Got : array (1 .. 2) of Natural := (others => 0);

   procedure Run is
      task type Worker (Id : Positive) is
         entry Start (Share : Natural);
      end Worker;

      First  : Worker (1);
      Second : Worker (2);

      task Dispatcher;

      task body Worker is
         Mine : Natural;
      begin
         accept Start (Share : Natural) do
            Mine := Share;
         end Start;
         Got (Id) := Mine;
         if Id = 1 then
            Ready := True;
         end if;
      end Worker;

      task body Dispatcher is
         Spins : Natural := 0;
      begin
         First.Start (10);
         while not Ready loop
            Spins := Spins + 1;
         end loop;
         Second.Start (Got (1) + 1);
      end Dispatcher;
   begin
      null;
   end Run;
begin
   Run;  --  waits for the tasks
   for Id in Got'Range loop
      Put_Line ("worker" & Positive'Image (Id) & " got" & Natural'Image (Got (Id)));
   end loop;
   Put_Line ("PASSED");
end Main;
