with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Bad : exception;
   protected Srv is
      procedure Div (A, B : Integer; R : out Integer);
      procedure Errors (N : out Integer);
      procedure Stop;
   private
      --  rdv2po: task Srv became this protected object. Ended: the task has
      --  ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Errs : Natural := 0;
   end Srv;
   protected body Srv is

      procedure Div (A, B : Integer; R : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            if B = 7 then raise Bad; end if;
            R := A / B;
         exception
            when others =>
               Ended := True;  --  as the task's handlers around its loop body do
               begin
                  begin
                     raise;
                  exception
                     when Constraint_Error => Errs := Errs + 1;
                                              Ended := False;
                     when Bad => Errs := Errs + 100;
                                 Ended := False;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               raise;  --  and the caller gets it
         end;
      end Div;

      procedure Errors (N : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            N := Errs;
         exception
            when others =>
               Ended := True;  --  as the task's handlers around its loop body do
               begin
                  begin
                     raise;
                  exception
                     when Constraint_Error => Errs := Errs + 1;
                                              Ended := False;
                     when Bad => Errs := Errs + 100;
                                 Ended := False;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               raise;  --  and the caller gets it
         end;
      end Errors;

      procedure Stop is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Ended := True;  --  the task left its loop
         return;
      end Stop;

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
