--  An entry call right after "abort T" must raise Tasking_Error: T is
--  abnormal from the abort on (RM 9.8, 9.5.3), though it may not have
--  completed yet.  (Repro abort_then_call: the general scheme's object closed
--  only when the aborted agent finalized, so the call could complete.)  The
--  same for an object of a task type, aborted through an array element.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task T is
      entry E (I : Integer);
   end T;
   task body T is
   begin
      accept E (I : Integer);
      Put_Line ("T: accepted E (wrong)");
   end T;

   task type W is
      entry E (I : Integer);
      entry Stop;
   end W;
   task body W is
   begin
      loop
         select
            accept E (I : Integer) do
               if I < 0 then
                  Put_Line ("W: accepted E (wrong)");
               end if;
            end E;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end W;
   Pool : array (1 .. 2) of W;
begin
   Pool (1).E (1);
   abort T;
   begin
      T.E (1);
      Put_Line ("call of T.E completed (wrong)");
   exception
      when Tasking_Error =>
         Put_Line ("T.E: Tasking_Error");
   end;
   abort Pool (2);
   begin
      Pool (2).E (-1);
      Put_Line ("call of Pool (2).E completed (wrong)");
   exception
      when Tasking_Error =>
         Put_Line ("Pool (2).E: Tasking_Error");
   end;
   Pool (1).E (2);
   Put_Line ("Pool (1) still serves");
   Pool (1).Stop;
   Put_Line ("PASSED");
end Main;
