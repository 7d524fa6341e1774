--  A desk whose accepts have no guards, so each entry is open whenever the
--  task waits at its select -- but callers look at them as entries: Try is
--  called conditionally (retried until the desk takes it), Wait in a timed
--  call, Note through a renaming (which may be called in a select too).
--  Those stay entries in the translation; Total and Take, only ever called
--  plainly, become procedures.  (Take's accept body read Take'Count, which
--  the accepting scheme now refuses: corpus accepting_count_refused.)
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Desk is
      entry Try (X : Natural);
      entry Wait (X : Natural);
      entry Note (X : Natural);
      procedure Take (X : Natural; Queued : out Natural);
      procedure Total (S : out Natural);
   private
      --  rdv2po: task Desk became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Natural := 0;
   end Desk;

   protected body Desk is

      entry Try (X : Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Try;

      entry Wait (X : Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Wait;

      entry Note (X : Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Note;

      procedure Take (X : Natural; Queued : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + X;
            Queued := 0;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Take;

      procedure Total (S : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         S := Sum;
      end Total;

   end Desk;

   procedure Jot (X : Natural) renames Desk.Note;

   Sum, Queued : Natural;
   Tries : Natural := 0;
begin
   loop
      select
         Desk.Try (1);
         exit;
      else
         Tries := Tries + 1;
         delay 0.01;
      end select;
   end loop;
   select
      Desk.Wait (10);
   or
      delay 5.0;
      Put_Line ("timed out");
   end select;
   Jot (100);
   Desk.Take (1000, Queued);
   Desk.Total (Sum);
   Put_Line ("total" & Sum'Image & ", queued" & Queued'Image);
   Put_Line (if Sum = 1111 and then Queued = 0 then "PASSED" else "FAILED");
end Main;
