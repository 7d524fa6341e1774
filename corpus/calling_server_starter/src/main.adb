--  A starter task, as textbooks write it: Starter waits for Go, then hands
--  each runner of Crew its number.  Crew is indexed by its own integer
--  type Id, so the loop parameter I is of type Id (GNAT's cross references
--  name it only by its representation; the scheme reads it from Crew's
--  declaration).  Each runner stores the square of its number.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Id is range 1 .. 5;
   Squares : array (Id) of Integer := (others => 0);
   pragma Volatile_Components (Squares);

   procedure Run is

      task type Runner is
         entry Assign (Who : Id);
      end Runner;

      Crew : array (Id) of Runner;

      task Starter is
         entry Go;
      end Starter;

      task body Runner is
         Me : Id;
      begin
         accept Assign (Who : Id) do
            Me := Who;
         end Assign;
         Squares (Me) := Integer (Me) * Integer (Me);
      end Runner;

      task body Starter is
      begin
         accept Go;
         for I in Crew'Range loop
            Crew (I).Assign (I);
         end loop;
      end Starter;

   begin
      Starter.Go;
   end Run;

   Total : Integer := 0;
begin
   Run;
   for I in Id loop
      Put_Line (Id'Image (I) & " ->" & Integer'Image (Squares (I)));
      Total := Total + Squares (I);
   end loop;
   if Total = 55 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
