--  A conditional entry call of a task that has already terminated raises
--  Tasking_Error (RM 9.5.3(21)): neither the call nor the else part is
--  taken.  Lamp's body does nothing; Main waits until the object has
--  terminated, then tries its entry once.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Ending is (Call_Taken, Else_Taken, Tasking_Error_Raised, Other_Exception);

   How : Ending;

begin
   declare
      --  Lamp never accepts Switch: that is the point
      pragma Warnings (Off, "no accept for entry*");

      task type Lamp is
         entry Switch;
      end Lamp;

      Hall : Lamp;

      task body Lamp is
      begin
         null;
      end Lamp;
   begin
      for Try in 1 .. 400 loop
         exit when Hall'Terminated;
         delay 0.005;
      end loop;
      Put_Line ("lamp terminated: " & Boolean'Image (Hall'Terminated));

      begin
         select
            Hall.Switch;
            How := Call_Taken;
         else
            How := Else_Taken;
         end select;
      exception
         when Tasking_Error =>
            How := Tasking_Error_Raised;
         when others =>
            How := Other_Exception;
      end;
   end;

   Put_Line ("conditional call of a terminated task: " & Ending'Image (How));
   if How = Tasking_Error_Raised then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
