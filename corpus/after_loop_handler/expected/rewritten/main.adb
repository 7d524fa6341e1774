--  A server whose statements after its loop can raise: Averager leaves its
--  loop on Finish and divides the sum by the count; with no value given the
--  division raises, and the task's handler records it.  Finish's caller is
--  not affected either way (the rendezvous is over); later calls raise
--  Tasking_Error.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Result  : Integer := -1;
   Failed  : Boolean := False;

   procedure Session (Values : Natural) is
      protected Averager is
         procedure Add (X : Integer);
         procedure Finish;
      private
         --  rdv2po: task Averager became this protected object. Ended: the
         --  task has ended (calls raise Tasking_Error).
         Ended : Boolean := False;
         Sum   : Integer := 0;
         Count : Natural := 0;
      end Averager;

      protected body Averager is

         procedure Add (X : Integer) is
         begin
            if Ended then
               raise Tasking_Error;  --  the task has ended
            end if;
            begin
               Sum := Sum + X;
            exception
               when others =>
                  Ended := True;  --  the task's handlers, then it ends
                  begin
                     begin
                        raise;
                     exception
                        when Constraint_Error =>
                           Failed := True;
                     end;
                  exception
                     when others =>
                        Ended := True;  --  raised by a handler: the task ends
                  end;
                  raise;  --  and the caller gets it
            end;
            begin
               Count := Count + 1;
            exception
               when others =>
                  Ended := True;  --  the task's handlers, then it ends
                  begin
                     begin
                        raise;
                     exception
                        when Constraint_Error =>
                           Failed := True;
                     end;
                  exception
                     when others =>
                        Ended := True;  --  raised by a handler: the task ends
                  end;
                  return;
            end;
         end Add;

         procedure Finish is
         begin
            if Ended then
               raise Tasking_Error;  --  the task has ended
            end if;
            Ended := True;  --  the task left its loop
            begin
               --  the statements after the task's loop
               Result := Sum / Count;
               Failed := False;
            exception
               when others =>
                  Ended := True;  --  the task's handlers, then it ends
                  begin
                     begin
                        raise;
                     exception
                        when Constraint_Error =>
                           Failed := True;
                     end;
                  exception
                     when others =>
                        Ended := True;  --  raised by a handler: the task ends
                  end;
            end;
            return;
         end Finish;

      end Averager;
   begin
      Result := -1;
      Failed := False;
      for I in 1 .. Values loop
         Averager.Add (I * 10);
      end loop;
      Averager.Finish;
      begin
         Averager.Add (1);
         Put_Line ("late Add accepted");
      exception
         when Tasking_Error =>
            Put_Line ("late Add: Tasking_Error");
      end;
   end Session;
begin
   Session (4);
   Put_Line ("result" & Integer'Image (Result) & ", failed " & Boolean'Image (Failed));
   Session (0);
   Put_Line ("result" & Integer'Image (Result) & ", failed " & Boolean'Image (Failed));
   Put_Line ("PASSED");
end Main;
