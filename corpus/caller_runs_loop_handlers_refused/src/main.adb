--  Server loops with exception handlers around the select that the
--  caller-runs scheme refuses, naming the obstacle: a handler that waits
--  (a delay the caller would wait out), a handler that exits the loop, and
--  a handler that accepts an entry.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   procedure Use_Waiter is
      task Waiter is
         entry Put (N : Integer);
      end Waiter;

      task body Waiter is
      begin
         loop
            begin
               select
                  accept Put (N : Integer) do
                     Put_Line ("waiter got" & Integer'Image (N));
                     if N < 0 then
                        raise Constraint_Error;
                     end if;
                  end Put;
               or
                  terminate;
               end select;
            exception
               when Constraint_Error =>
                  delay 0.01;
                  Put_Line ("waiter rested");
            end;
         end loop;
      end Waiter;
   begin
      Waiter.Put (1);
      begin
         Waiter.Put (-1);
      exception
         when Constraint_Error => null;
      end;
   end Use_Waiter;

   procedure Use_Quitter is
      task Quitter is
         entry Put (N : Integer);
      end Quitter;

      task body Quitter is
      begin
         loop
            begin
               select
                  accept Put (N : Integer) do
                     Put_Line ("quitter got" & Integer'Image (N));
                     if N < 0 then
                        raise Constraint_Error;
                     end if;
                  end Put;
               or
                  terminate;
               end select;
            exception
               when Constraint_Error =>
                  Put_Line ("quitter quits");
                  exit;
            end;
         end loop;
      end Quitter;
   begin
      Quitter.Put (2);
      begin
         Quitter.Put (-2);
      exception
         when Constraint_Error => null;
      end;
   end Use_Quitter;

   procedure Use_Asker is
      task Asker is
         entry Put (N : Integer);
         entry Again;
      end Asker;

      task body Asker is
      begin
         loop
            begin
               select
                  accept Put (N : Integer) do
                     Put_Line ("asker got" & Integer'Image (N));
                     if N < 0 then
                        raise Constraint_Error;
                     end if;
                  end Put;
               or
                  terminate;
               end select;
            exception
               when Constraint_Error =>
                  accept Again;
                  Put_Line ("asker asked again");
            end;
         end loop;
      end Asker;
   begin
      Asker.Put (3);
      begin
         Asker.Put (-3);
      exception
         when Constraint_Error => null;
      end;
      Asker.Again;
   end Use_Asker;
begin
   Use_Waiter;
   Use_Quitter;
   Use_Asker;
   Put_Line ("PASSED");
end Main;
