--  A task body that names what it uses through use clauses, renamings and a
--  pragma: Keeper writes 'use Ada.Strings.Unbounded', 'use type Stats.Count',
--  renames a package, a constant and a procedure declared before it, marks a
--  variable unreferenced and asserts in an accept body.  The use clauses and
--  renamings move out before the object (the renamings under fresh names, as
--  types do), the pragma Unreferenced goes, and the object behaves the same.
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Strings.Unbounded;
procedure Main is
   package Stats is
      type Count is range 0 .. 1000;
      Limit : constant Count := 3;
      procedure Bump (C : in out Count);
   end Stats;

   package body Stats is
      procedure Bump (C : in out Count) is
      begin
         C := C + 1;
      end Bump;
   end Stats;

   task Keeper is
      entry Add (S : String);
      entry Get (N : out Natural; Last : out Ada.Strings.Unbounded.Unbounded_String);
   end Keeper;

   task body Keeper is
      use Ada.Strings.Unbounded;
      use type Stats.Count;
      package SU renames Ada.Strings.Unbounded;
      Max : Stats.Count renames Stats.Limit;
      procedure Step (C : in out Stats.Count) renames Stats.Bump;
      Total : Stats.Count := 0;
      Latest : Unbounded_String;
      Spare : Integer := 0;
      pragma Unreferenced (Spare);
   begin
      loop
         select
            accept Add (S : String) do
               pragma Assert (S'Length > 0);
               if Total < Max then
                  Step (Total);
               end if;
               Latest := SU.To_Unbounded_String (S) & "!";
            end Add;
         or
            accept Get (N : out Natural; Last : out Unbounded_String) do
               N := Natural (Total);
               Last := Latest;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Keeper;

   N : Natural;
   L : Ada.Strings.Unbounded.Unbounded_String;
begin
   for Word of String'("abcde") loop
      Keeper.Add ((1 => Word));
   end loop;
   Keeper.Get (N, L);
   Put_Line ("kept" & N'Image & ", last " & Ada.Strings.Unbounded.To_String (L));
   Put_Line ("PASSED");
end Main;
