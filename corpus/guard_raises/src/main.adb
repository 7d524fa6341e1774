--  The guard Total / Count > 5 raises Constraint_Error (Count = 0) when
--  Averager first reaches its select: the task ends there, and the call of
--  Add gets Tasking_Error.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Averager is
      entry Add (X : in Integer);
      entry High_Average;
   end Averager;
   task body Averager is
      Total : Integer := 0;
      Count : Integer := 0;
   begin
      loop
         select
            accept Add (X : in Integer) do
               Total := Total + X;
            end Add;
            Count := Count + 1;
         or
            when Total / Count > 5 =>
               accept High_Average;
         or
            terminate;
         end select;
      end loop;
   end Averager;
begin
   delay 0.05;
   begin
      Averager.Add (10);
      Put_Line ("Add succeeded");
   exception
      when Tasking_Error => Put_Line ("Add: Tasking_Error");
      when Program_Error => Put_Line ("Add: Program_Error");
      when Constraint_Error => Put_Line ("Add: Constraint_Error");
   end;
   Put_Line ("PASSED");
end Main;
