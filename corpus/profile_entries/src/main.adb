with Ada.Text_IO; use Ada.Text_IO;
with Gates;

procedure Main is
   Passed : Natural := 0;
begin
   --  A conditional call: the gate is closed, so it is not taken.
   select
      Gates.Gate.Pass;
      Passed := Passed + 1;
   else
      Put_Line ("closed at first");
   end select;
   Gates.Gate.Open;
   --  A timed call: taken as soon as the gate is back at its select.
   select
      Gates.Gate.Pass;
      Passed := Passed + 1;
   or
      delay 5.0;
      Put_Line ("still closed");
   end select;
   Put_Line ("passed:" & Natural'Image (Passed));
   Put_Line (if Passed = 1 then "PASSED" else "FAILED");
end Main;
