--  general scheme (reduced from ACATS C95040C): when a task completes, its
--  entry calls raise Tasking_Error and T'Callable is False (RM 9.9(2)).  In
--  the translation the object is closed (calls raise Tasking_Error) by a
--  controlled object finalized at the end of the agent's body, but
--  T1'Callable becomes T1_Agent'Callable, which is still True until the
--  agent completes: a caller that just got Tasking_Error can see
--  T1'Callable = True.  The original prints 0; the translation prints a
--  varying positive number.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Seen_Callable : Natural := 0 with Atomic;
begin
   for Round in 1 .. 300 loop
      declare
         task T1 is
            entry E;
         end T1;
         task body T1 is
            task T2;
            task body T2 is
            begin
               T1.E;
            exception
               when Tasking_Error =>
                  if T1'Callable then
                     Seen_Callable := Seen_Callable + 1;
                  end if;
            end T2;
         begin
            null;
         end T1;
      begin
         null;
      end;
   end loop;
   Put_Line ("T1'Callable after Tasking_Error:" & Natural'Image (Seen_Callable));
end Main;
