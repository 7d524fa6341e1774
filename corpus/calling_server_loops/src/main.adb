--  A calling server that computes each worker's share with a loop between
--  its calls.  The loop reads only the task's own variables and a counter
--  steps towards a fixed bound: it ends alike in the task and in the
--  protected procedure that runs it inside a worker's call.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
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
         Got (Id) := Mine;   --  each worker its own component
      end Worker;

      task body Dispatcher is
         Total : Natural := 0;
         I     : Natural := 0;
      begin
         while I < 10 loop
            I := I + 1;
            Total := Total + I;
         end loop;
         First.Start (Total);
         I := 0;
         while I < 4 loop
            I := I + 1;
            Total := Total - I;
         end loop;
         Second.Start (Total);
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
