--  A tally that several workers add to.  Its accepts have no guards and its
--  only sync point is one select, so each entry is open whenever the task
--  waits there; every call is a plain call statement, made by a worker task,
--  by a subprogram only tasks and the main program call, or by the main
--  program.  No caller can tell an entry open at once from a protected
--  procedure, so the translation declares procedures.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Tally is
      entry Add (X : Natural);
      entry Count (N : out Natural; Total : out Natural);
      entry Reset;
   end Tally;

   task body Tally is
      Calls : Natural := 0;
      Sum   : Natural := 0;
   begin
      loop
         select
            accept Add (X : Natural) do
               Sum := Sum + X;
            end Add;
            Calls := Calls + 1;
         or
            accept Count (N : out Natural; Total : out Natural) do
               N := Calls;
               Total := Sum;
            end Count;
         or
            accept Reset;
            Calls := 0;
            Sum := 0;
         or
            terminate;
         end select;
      end loop;
   end Tally;

   procedure Add_Twice (X : Natural) is
   begin
      Tally.Add (X);
      Tally.Add (X);
   end Add_Twice;

   task type Worker (Id : Natural);
   task body Worker is
   begin
      for I in 1 .. 50 loop
         Add_Twice (Id);
      end loop;
      Tally.Add (1000);
   end Worker;

   N, Total : Natural;
begin
   Tally.Add (5);
   Tally.Count (N, Total);
   Put_Line ("calls" & N'Image & ", total" & Total'Image);
   Tally.Reset;
   declare
      A : Worker (1);
      B : Worker (2);
      C : Worker (3);
   begin
      null;
   end;
   Add_Twice (7);
   Tally.Count (N, Total);
   Put_Line ("calls" & N'Image & ", total" & Total'Image);
   if N = 3 * 101 + 2 and then Total = 100 * 6 + 3000 + 14 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
