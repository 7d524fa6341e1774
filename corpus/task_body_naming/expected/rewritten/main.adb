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

   use Ada.Strings.Unbounded;
   use type Stats.Count;
   package Keeper_SU renames Ada.Strings.Unbounded;
   Keeper_Max : Stats.Count renames Stats.Limit;
   procedure Keeper_Step (C : in out Stats.Count) renames Stats.Bump;
   protected Keeper is
      entry Add (S : String);
      entry Get (N : out Natural; Last : out Ada.Strings.Unbounded.Unbounded_String);
   private
      --  rdv2po: task Keeper became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Total : Stats.Count := 0;
      Latest : Unbounded_String;
      Spare : Integer := 0;
   end Keeper;

   protected body Keeper is

      entry Add (S : String) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            pragma Assert (S'Length > 0);
            if Total < Keeper_Max then
               Keeper_Step (Total);
            end if;
            Latest := Keeper_SU.To_Unbounded_String (S) & "!";
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      entry Get (N : out Natural; Last : out Ada.Strings.Unbounded.Unbounded_String)
        when True
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            N := Natural (Total);
            Last := Latest;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Get;

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
