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

   task Keeper is
      entry Add (N : Integer);
      entry Close (Last : Boolean);
      entry Total (Sum : out Integer);
   end Keeper;

   task body Keeper is
      Sum : Integer := 0;
      Done : Boolean := False;
   begin
      loop
         select
            accept Add (N : Integer) do
               Sum := Sum + N;
            end Add;
         or
            accept Close (Last : Boolean) do
               Done := Last;
            end Close;
            exit when Done;
         or
            accept Total (Sum : out Integer) do
               Sum := Keeper.Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
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
   Put_Line ("keeper terminated: " & Boolean'Image (Keeper'Terminated));
   Put_Line ("PASSED");
end Main;
