--  Main aborts a server while a caller waits on its closed Pass entry.  The
--  waiting caller, and every later caller, get Tasking_Error; 'Callable and
--  'Terminated tell the abort.  The object keeps all three: Abort_Task
--  closes it, which opens every barrier on a Tasking_Error.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Waiter_Saw : String (1 .. 13) := "nothing      ";

   task Gate is
      entry Open;
      entry Pass;
   end Gate;

   task body Gate is
      Opened : Boolean := False;
   begin
      loop
         select
            accept Open do
               Opened := True;
            end Open;
         or
            when Opened =>
               accept Pass;
         or
            terminate;
         end select;
      end loop;
   end Gate;
begin
   Put_Line ("callable " & Boolean'Image (Gate'Callable)
             & ", terminated " & Boolean'Image (Gate'Terminated));
   declare
      task Waiter;
      task body Waiter is
      begin
         Gate.Pass;
         Waiter_Saw := "passed       ";
      exception
         when Tasking_Error =>
            Waiter_Saw := "Tasking_Error";
      end Waiter;
   begin
      delay 0.05;
      abort Gate;
   end;
   Put_Line ("waiter: " & Waiter_Saw);
   --  an aborted task completes at its next abort completion point, and then
   --  terminates: wait for it (bounded), so that what is printed is certain
   for I in 1 .. 1_000 loop
      exit when Gate'Terminated;
      delay 0.001;
   end loop;
   Put_Line ("callable " & Boolean'Image (Gate'Callable)
             & ", terminated " & Boolean'Image (Gate'Terminated));
   begin
      Gate.Open;
      Put_Line ("open after abort accepted");
   exception
      when Tasking_Error =>
         Put_Line ("open after abort: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
