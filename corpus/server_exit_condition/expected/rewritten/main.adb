--  Servers leaving their loop by an exit with a condition, after an accept.
--  Keeper's condition reads its own variable, set in the accept body: the
--  task and the protected object test it at the same point of the same
--  call.  Watcher's condition reads an Atomic flag that other tasks set
--  when they like: the task tested it with its caller released, so a flag
--  set by that caller once its call returned could still be seen; the
--  object (or the caller running the task's code) would test it inside the
--  call, before the caller's next step.  Main sets the flag before the call
--  whose test reads it, so the program's output is the same in every schedule.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Closing : Boolean := False with Atomic;

   protected Keeper is
      procedure Add (N : Integer);
      procedure Close (Last : Boolean);
      procedure Total (Sum : out Integer);
      function Is_Terminated return Boolean;  --  was Keeper'Terminated
   private
      --  rdv2po: task Keeper became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
      Done : Boolean := False;
   end Keeper;

   protected body Keeper is

      function Is_Terminated return Boolean is
      begin
         return Ended;
      end Is_Terminated;

      procedure Add (N : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + N;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      procedure Close (Last : Boolean) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Done := Last;
         if Done then
            Ended := True;  --  the task left its loop
            return;
         end if;
      end Close;

      procedure Total (Sum : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Keeper.Sum;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Total;

   end Keeper;

   task Watcher is
      entry Tick;
      entry Check;
   end Watcher;

   task body Watcher is
      Ticks : Natural := 0;
   begin
      loop
         select
            accept Tick do
               Ticks := Ticks + 1;
            end Tick;
         or
            accept Check;
            exit when Closing;
         or
            terminate;
         end select;
      end loop;
   end Watcher;

   S : Integer;
begin
   Keeper.Add (3);
   Keeper.Add (4);
   Keeper.Close (False);
   Keeper.Total (S);
   Put_Line ("total" & Integer'Image (S));
   Keeper.Close (True);
   Watcher.Tick;
   Watcher.Check;
   Watcher.Tick;
   Closing := True;
   Watcher.Check;
   delay 0.2;
   Put_Line ("watcher terminated: " & Boolean'Image (Watcher'Terminated));
   Put_Line ("keeper terminated: " & Boolean'Image (Keeper.Is_Terminated));
   Put_Line ("PASSED");
end Main;
