with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Enabled : Boolean := False;
   pragma Atomic (Enabled);
   task Srv is
      entry A (V : out Integer);
      entry B;
   end Srv;
   task body Srv is
      N : Integer := 0;
   begin
      loop
         select
            when Enabled =>
               accept A (V : out Integer) do
                  N := N + 1;
                  V := N;
               end A;
         or
            accept B;
         or
            terminate;
         end select;
      end loop;
   end Srv;
   V : Integer := 0;
begin
   delay 0.05;
   Enabled := True;
   select
      Srv.A (V);
      Put_Line ("A accepted" & Integer'Image (V));
   or
      delay 0.1;
      Put_Line ("A closed");
   end select;
   Srv.B;
   select
      Srv.A (V);
      Put_Line ("A accepted" & Integer'Image (V));
   or
      delay 0.1;
      Put_Line ("A closed");
   end select;
   Put_Line ("PASSED");
end Main;
