--  A desk whose accepts have no guards, so each entry is open whenever the
--  task waits at its select -- but callers look at them as entries: Try is
--  called conditionally (retried until the desk takes it), Wait in a timed
--  call, Note through a renaming (which may be called in a select too).
--  Those stay entries in the translation; Total and Take, only ever called
--  plainly, become procedures.  (Take's accept body read Take'Count, which
--  the accepting scheme now refuses: corpus accepting_count_refused.)
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Desk is
      entry Try (X : Natural);
      entry Wait (X : Natural);
      entry Note (X : Natural);
      entry Take (X : Natural; Queued : out Natural);
      entry Total (S : out Natural);
   end Desk;

   task body Desk is
      Sum : Natural := 0;
   begin
      loop
         select
            accept Try (X : Natural) do
               Sum := Sum + X;
            end Try;
         or
            accept Wait (X : Natural) do
               Sum := Sum + X;
            end Wait;
         or
            accept Note (X : Natural) do
               Sum := Sum + X;
            end Note;
         or
            accept Take (X : Natural; Queued : out Natural) do
               Sum := Sum + X;
               Queued := 0;
            end Take;
         or
            accept Total (S : out Natural) do
               S := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
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
