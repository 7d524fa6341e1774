with Ada.Dynamic_Priorities;
with Ada.Text_IO; use Ada.Text_IO;
with System;
with Jobs;

procedure Main is
   Id : Natural;
   P  : constant System.Any_Priority := Ada.Dynamic_Priorities.Get_Priority;
begin
   for J in 1 .. 3 loop
      Jobs.Log.Note (J);
   end loop;
   Jobs.Log.Last (Id);
   abort Jobs.Spinner;
   while not Jobs.Spinner'Terminated loop
      delay 0.001;
   end loop;
   Put_Line ("last job:" & Natural'Image (Id));
   Put_Line ("default priority: " & Boolean'Image (P = System.Default_Priority));
   Put_Line ("spinner stopped: " & Boolean'Image (Jobs.Spinner'Terminated));
   Put_Line ("PASSED");
end Main;
