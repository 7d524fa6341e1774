--  Renamings and use clauses that cannot leave the task body.  Ring renames
--  one of its own variables (a component of the object: nothing outside it can
--  name it); Tally uses a package declared after the task's declaration (it
--  would not be visible where the object is declared).  Both are refused.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Slots is array (1 .. 4) of Integer;

   task Ring is
      entry Put (X : Integer);
      entry First (X : out Integer);
   end Ring;

   task Tally is
      entry Add (X : Integer);
      entry Get (X : out Integer);
   end Tally;

   package Helpers is
      function Twice (X : Integer) return Integer is (2 * X);
   end Helpers;

   task body Ring is
      Buf : Slots := (others => 0);
      Head : Integer renames Buf (1);
      Next : Positive := 1;
   begin
      loop
         select
            accept Put (X : Integer) do
               Buf (Next) := X;
               Next := Next mod 4 + 1;
            end Put;
         or
            accept First (X : out Integer) do
               X := Head;
            end First;
         or
            terminate;
         end select;
      end loop;
   end Ring;

   task body Tally is
      use Helpers;
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (X : Integer) do
               Sum := Sum + Twice (X);
            end Add;
         or
            accept Get (X : out Integer) do
               X := Sum;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Tally;

   A, B : Integer;
begin
   Ring.Put (7);
   Ring.Put (8);
   Ring.First (A);
   Tally.Add (5);
   Tally.Get (B);
   Put_Line ("first" & A'Image & ", tally" & B'Image);
   Put_Line ("PASSED");
end Main;
