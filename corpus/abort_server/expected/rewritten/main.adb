--  Main aborts a server while a caller waits on its closed Pass entry.  The
--  waiting caller, and every later caller, get Tasking_Error; 'Callable and
--  'Terminated tell the abort.  The object keeps all three: Abort_Task
--  closes it, which opens every barrier on a Tasking_Error.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Waiter_Saw : String (1 .. 13) := "nothing      ";

   protected Gate is
      procedure Open;
      entry Pass;
      function Is_Callable return Boolean;  --  was Gate'Callable
      function Is_Terminated return Boolean;  --  was Gate'Terminated
      procedure Abort_Task;  --  was abort Gate
   private
      --  rdv2po: task Gate became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Opened : Boolean := False;
   end Gate;

   protected body Gate is

      function Is_Callable return Boolean is
      begin
         return not Ended;
      end Is_Callable;

      function Is_Terminated return Boolean is
      begin
         return Ended;
      end Is_Terminated;

      procedure Abort_Task is
      begin
         Ended := True;  --  aborted: calls raise Tasking_Error
      end Abort_Task;

      procedure Open is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Opened := True;
      end Open;

      entry Pass when Ended or else Opened is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
      end Pass;

   end Gate;
begin
   Put_Line ("callable " & Boolean'Image (Gate.Is_Callable)
             & ", terminated " & Boolean'Image (Gate.Is_Terminated));
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
      Gate.Abort_Task;
   end;
   Put_Line ("waiter: " & Waiter_Saw);
   --  an aborted task completes at its next abort completion point, and then
   --  terminates: wait for it (bounded), so that what is printed is certain
   for I in 1 .. 1_000 loop
      exit when Gate.Is_Terminated;
      delay 0.001;
   end loop;
   Put_Line ("callable " & Boolean'Image (Gate.Is_Callable)
             & ", terminated " & Boolean'Image (Gate.Is_Terminated));
   begin
      Gate.Open;
      Put_Line ("open after abort accepted");
   exception
      when Tasking_Error =>
         Put_Line ("open after abort: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
