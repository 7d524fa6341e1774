--  Objects of a task type named as tasks: 'Terminated and 'Callable through
--  an array element, a plain object and an access value, and abort of one
--  array element.  Worker 2 would sleep for a minute; it is aborted.  The
--  waits poll 'Terminated, bounded so they never hang; what is printed does
--  not depend on timing.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   task type Worker is
      entry Start (N : Integer);
   end Worker;

   task body Worker is
      Me : Integer;
   begin
      accept Start (N : Integer) do
         Me := N;
      end Start;
      if Me = 2 then
         delay 60.0;
      end if;
   end Worker;

   type Pool is array (1 .. 2) of Worker;
   type Worker_Ptr is access Worker;

   Crew  : Pool;
   Alone : Worker;
   Far   : constant Worker_Ptr := new Worker;
   Tries : Natural := 0;

begin
   Crew (1).Start (1);
   Crew (2).Start (2);
   Alone.Start (3);
   Far.Start (4);
   while not (Crew (1)'Terminated and Alone'Terminated and Far'Terminated)
     and then Tries < 1000
   loop
      delay 0.005;
      Tries := Tries + 1;
   end loop;
   Put_Line ("workers 1, 3, 4 terminated: "
             & Boolean'Image (Crew (1)'Terminated and Alone'Terminated
                              and Far'Terminated));
   Put_Line ("worker 2 callable: " & Boolean'Image (Crew (2)'Callable));
   abort Crew (2);
   Tries := 0;
   while not Crew (2)'Terminated and then Tries < 1000 loop
      delay 0.005;
      Tries := Tries + 1;
   end loop;
   Put_Line ("worker 2 terminated after abort: "
             & Boolean'Image (Crew (2)'Terminated));
   Put_Line ("worker 2 callable after abort: " & Boolean'Image (Crew (2)'Callable));
   Put_Line ("PASSED");
end Main;
