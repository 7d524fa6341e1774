--  Task attributes, priorities, E'Caller and abort: a Watchdog server
--  (with pragma Priority) that records which task called it, a Pump that is
--  aborted while it waits, and checks of 'Callable / 'Terminated.

with Ada.Text_IO; use Ada.Text_IO;
with Ada.Task_Identification; use Ada.Task_Identification;
with System;

procedure Main is

   task Watchdog is
      pragma Priority (System.Default_Priority + 1);
      entry Kick (From : String);
      entry Last_Caller (Id : out Task_Id);
      entry Stop;
   end Watchdog;

   task body Watchdog is
      Last  : Task_Id := Null_Task_Id;
      Kicks : Natural := 0;
   begin
      loop
         select
            accept Kick (From : String) do
               Last := Kick'Caller;
               Kicks := Kicks + 1;
               Put_Line ("kick" & Natural'Image (Kicks) & " from " & From);
            end Kick;
         or
            accept Last_Caller (Id : out Task_Id) do
               Id := Last;
            end Last_Caller;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Watchdog;

   task Pump is
      pragma Priority (System.Default_Priority);
      entry Prime;
      entry Run;
   end Pump;

   task body Pump is
   begin
      accept Prime;
      Watchdog.Kick ("pump");
      accept Run;          --  never called: the pump is aborted here
      Put_Line ("pump ran (wrong)");
   end Pump;

   Id : Task_Id;
begin
   Watchdog.Kick ("main");
   Watchdog.Last_Caller (Id);
   Put_Line ("last caller is main: " & Boolean'Image (Id = Current_Task));

   Pump.Prime;
   --  wait until the pump's kick went through
   loop
      Watchdog.Last_Caller (Id);
      exit when Id = Pump'Identity;
      delay 0.005;
   end loop;
   Put_Line ("last caller is pump: " & Boolean'Image (Id = Pump'Identity));

   Put_Line ("pump callable: " & Boolean'Image (Pump'Callable));
   abort Pump;
   while not Pump'Terminated loop
      delay 0.005;
   end loop;
   Put_Line ("pump callable after abort: " & Boolean'Image (Pump'Callable));
   begin
      Pump.Run;
      Put_Line ("call on aborted pump accepted (wrong)");
   exception
      when Tasking_Error =>
         Put_Line ("call on aborted pump: Tasking_Error");
   end;

   Watchdog.Stop;
   while not Watchdog'Terminated loop
      delay 0.005;
   end loop;
   Put_Line ("watchdog terminated: " & Boolean'Image (Watchdog'Terminated));
   begin
      Watchdog.Kick ("late");
   exception
      when Tasking_Error =>
         Put_Line ("late kick: Tasking_Error");
   end;
end Main;
