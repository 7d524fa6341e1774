--  Objects of a task type held in constants (a task built by a function,
--  Ada 2005; a constant array of them) whose entries are called, and
--  'Terminated / 'Callable of objects of the type, also inside the type's
--  own body (a job waiting for another through an array of access values).
--  Under the general scheme the constants become variables (entries of a
--  constant protected object cannot be called; a task is limited, so
--  nothing else changes) and the attributes ask the objects.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected type Server_Task (Base : Integer) is
      procedure Get (X : out Integer);
      function Is_Callable return Boolean;  --  was Server_Task'Callable
   private
      --  rdv2po: task Server_Task became this protected object. Ended: the
      --  task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
   end Server_Task;

   protected body Server_Task is

      function Is_Callable return Boolean is
      begin
         return not Ended;
      end Is_Callable;

      procedure Get (X : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            X := Base;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Get;

   end Server_Task;

   function Make (B : Integer) return Server_Task is
   begin
      return S : Server_Task (B);
   end Make;

   type Server_Pair is array (1 .. 2) of Server_Task (0);

   Server : Server_Task := Make (42);
   Pair   : Server_Pair := (others => Make (0));

   task type Job (Id : Natural) is
      entry Go (N : Integer);
   end Job;
   type Job_Ref is access Job;
   Jobs : array (1 .. 2) of Job_Ref;

   Waited : Boolean := False;
   pragma Atomic (Waited);

   task body Job is
   begin
      accept Go (N : Integer) do
         null;
      end Go;
      if Id = 2 then
         while not Jobs (1)'Terminated loop    --  another object of the type
            delay 0.001;
         end loop;
         Waited := Jobs (1)'Terminated and then Job'Callable;
      end if;
   end Job;

   V, W : Integer;
begin
   Server.Get (V);
   Pair (2).Get (W);
   Put_Line ("Server:" & Integer'Image (V) & ", Pair (2):" & Integer'Image (W));
   Jobs (1) := new Job (1);
   Jobs (2) := new Job (2);
   Jobs (2).Go (1);
   Jobs (1).Go (1);
   while not Jobs (2)'Terminated loop
      delay 0.001;
   end loop;
   Put_Line ("job 2 saw job 1 terminated: " & Boolean'Image (Waited));
   Put_Line ("job 1 callable: " & Boolean'Image (Jobs (1)'Callable));
   Put_Line ("server callable: " & Boolean'Image (Server.Is_Callable));
   Put_Line ("PASSED");
end Main;
