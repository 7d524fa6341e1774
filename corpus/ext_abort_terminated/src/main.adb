with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Srv is
      entry E (X : in out Integer);
      entry Stop;
   end Srv;
   task body Srv is
   begin
      loop
         select
            accept E (X : in out Integer) do
               X := X + 1;
            end E;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Srv;
   A, B : Srv;
   X : Integer := 0;
begin
   A.E (X);
   Put_Line ("x" & Integer'Image (X) & " callable " & Boolean'Image (A'Callable));
   abort A;
   delay 0.05;
   Put_Line ("after abort callable " & Boolean'Image (A'Callable) & " term " & Boolean'Image (A'Terminated));
   begin
      A.E (X);
      Put_Line ("called aborted?");
   exception
      when Tasking_Error => Put_Line ("TE");
   end;
   B.E (X);
   B.Stop;
   delay 0.05;
   Put_Line ("B term " & Boolean'Image (B'Terminated) & Integer'Image (X));
   Put_Line ("PASSED");
end Main;
