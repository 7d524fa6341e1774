--  A guard that adds to a variable: Level + Step overflows when Level is
--  near Integer'Last.  The task raises Constraint_Error at its select and
--  ends, so the next call gets Tasking_Error; a barrier that raised would
--  give Program_Error to Raise_Level's callers only.  The server scheme must
--  refuse it (arithmetic on a variable is not static).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Max : constant := 1_000;
   task Gauge is
      entry Set (L : Integer);
      entry Raise_Level;
   end Gauge;
   task body Gauge is
      Level : Integer := 0;
      Step : Integer := 10;
   begin
      loop
         select
            accept Set (L : Integer) do
               Level := L;
            end Set;
         or
            when Level + Step <= Max =>
               accept Raise_Level;
               Level := Level + Step;
         or
            terminate;
         end select;
      end loop;
   end Gauge;
begin
   Gauge.Set (5);
   Gauge.Raise_Level;
   Put_Line ("raised once");
   Gauge.Set (Integer'Last - 1);
   begin
      Gauge.Set (0);
      Put_Line ("set again");
   exception
      when Tasking_Error => Put_Line ("Set: Tasking_Error (the guard overflowed)");
   end;
   Put_Line ("PASSED");
end Main;
