with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Gate is
      entry Pass (Ticket : Integer);
   end Gate;

   task body Gate is
      Seen : Integer := 0;
   begin
      loop
         select
            accept Pass (Ticket : Integer) do
               Seen := Seen + Ticket;
            end Pass;
         or
            terminate;
         end select;
      end loop;
   end Gate;

   Passed : Natural := 0;
begin
   for I in 1 .. 3 loop
      select
         pragma Warnings (Off);
         Gate.Pass (I);
         Passed := Passed + 1;
      or
         delay 5.0;
         Put_Line ("timed out");
      end select;
   end loop;
   Put_Line ("passed" & Natural'Image (Passed));
   Put_Line ("PASSED");
end Main;
