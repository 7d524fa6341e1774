--  A dispatcher that hands each job on to one of two workers by a requeue,
--  all three servers that print.  The caller-runs scheme refuses the workers
--  (and the dispatcher, whose accept body requeues): running the worker's
--  code after giving the dispatcher's turn back would let a job requeued
--  later reach a worker first, where the tasks queue the jobs on the
--  worker's entry in the order the dispatcher requeued them, and each
--  worker numbers the jobs it takes.  Main submits the jobs one after the
--  other, so what is printed has one order.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Size is (Small, Large);

   task Small_Worker is
      entry Take (Job : Positive; Of_Size : Size);
   end Small_Worker;

   task Large_Worker is
      entry Take (Job : Positive; Of_Size : Size);
   end Large_Worker;

   task Dispatcher is
      entry Submit (Job : Positive; Of_Size : Size);
   end Dispatcher;

   task body Dispatcher is
      Seen : Natural := 0;
   begin
      loop
         select
            accept Submit (Job : Positive; Of_Size : Size) do
               Put_Line ("dispatch job" & Positive'Image (Job));
               case Of_Size is
                  when Small =>
                     requeue Small_Worker.Take with abort;
                  when Large =>
                     requeue Large_Worker.Take;
               end case;
            end Submit;
            Seen := Seen + 1;
         or
            terminate;
         end select;
      end loop;
   end Dispatcher;

   task body Small_Worker is
      Taken : Natural := 0;
   begin
      loop
         select
            accept Take (Job : Positive; Of_Size : Size) do
               Taken := Taken + 1;
               Put_Line ("small worker: job" & Positive'Image (Job)
                         & " is its number" & Natural'Image (Taken));
            end Take;
         or
            terminate;
         end select;
      end loop;
   end Small_Worker;

   task body Large_Worker is
      Taken : Natural := 0;
   begin
      loop
         select
            accept Take (Job : Positive; Of_Size : Size) do
               Taken := Taken + 1;
               Put_Line ("large worker: job" & Positive'Image (Job)
                         & " is its number" & Natural'Image (Taken)
                         & " (" & Size'Image (Of_Size) & ")");
            end Take;
         or
            terminate;
         end select;
      end loop;
   end Large_Worker;
begin
   for Job in 1 .. 5 loop
      if Job mod 2 = 0 then
         Dispatcher.Submit (Job, Large);
      else
         Dispatcher.Submit (Job, Small);
      end if;
   end loop;
   Put_Line ("all jobs done");
   Put_Line ("PASSED");
end Main;
