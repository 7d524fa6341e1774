with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Gate is
      entry Pass (Ticket : Integer);
   private
      --  rdv2po: task Gate became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Seen : Integer := 0;
   end Gate;

   protected body Gate is

      entry Pass (Ticket : Integer) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Seen := Seen + Ticket;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Pass;

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
