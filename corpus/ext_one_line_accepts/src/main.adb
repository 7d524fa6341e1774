with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Bad : exception;
   task Srv is
      entry Div (A, B : Integer; R : out Integer);
      entry Errors (N : out Integer);
      entry Stop;
   end Srv;
   task body Srv is
      Errs : Natural := 0;
   begin
      loop
         begin
            select
               accept Div (A, B : Integer; R : out Integer) do
                  if B = 7 then raise Bad; end if;
                  R := A / B;
               end Div;
            or
               accept Errors (N : out Integer) do N := Errs; end Errors;
            or
               accept Stop; exit;
            end select;
         exception
            when Constraint_Error => Errs := Errs + 1;
            when Bad => Errs := Errs + 100;
         end;
      end loop;
   end Srv;
   R : Integer := 0; N : Integer;
begin
   Srv.Div (10, 2, R); Put_Line (Integer'Image (R));
   begin
      Srv.Div (1, 0, R); Put_Line ("no exc");
   exception
      when Constraint_Error => Put_Line ("caller CE");
   end;
   begin
      Srv.Div (1, 7, R);
   exception
      when Bad => Put_Line ("caller Bad");
   end;
   Srv.Errors (N); Put_Line ("errs" & Integer'Image (N));
   Srv.Div (9, 3, R); Put_Line (Integer'Image (R));
   Srv.Stop;
   Put_Line ("PASSED");
end Main;
