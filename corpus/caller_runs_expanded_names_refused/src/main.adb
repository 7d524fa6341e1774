--  A logger whose declaration names the task's discriminant by its expanded
--  name in an initial value: that value would become the default of a
--  component of the object's record, computed when an object is made, where a
--  failure no longer raises Tasking_Error in the activator; the caller-runs
--  scheme leaves it a task and says so.  Beside caller_runs_expanded_names.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   task type Logger (Id : Natural) is
      entry Log (Value : Integer);
      entry Stop;
   end Logger;

   task body Logger is
      Base : Natural := Logger.Id;
   begin
      loop
         select
            accept Log (Value : Integer) do
               Put_Line ("log" & Integer'Image (Base * 1000 + Value));
            end Log;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Logger;

   A : Logger (1);
begin
   A.Log (7);
   A.Stop;
   Put_Line ("PASSED");
end Main;
