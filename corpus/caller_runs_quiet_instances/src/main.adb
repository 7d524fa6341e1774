--  An awaited task type (an accept Open before its loop, a loop whose select
--  has no terminate alternative) whose object is followed in its declarative
--  part by declarations that cannot raise: a package declaring a limited
--  private type completed by an integer type, a use clause, the package's
--  body without statements, an instance of a generic package (actuals: a
--  type, a variable renamed, a constant of the formal type's actual, a
--  procedure) and an instance of a generic procedure, both generics with
--  their bodies elaborated before, in the same declarative part.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Journal is
      entry Open (Tag : Character);
      entry Put (S : String);
      entry Close;
   end Journal;

   task body Journal is
      Mine : Character := '?';
      Lines : Natural := 0;
   begin
      accept Open (Tag : Character) do
         Mine := Tag;
      end Open;
      loop
         select
            accept Put (S : String) do
               Lines := Lines + 1;
               Put_Line (Mine & Natural'Image (Lines) & ": " & S);
            end Put;
         or
            accept Close;
            exit;
         end select;
      end loop;
   end Journal;
begin
   declare
      type Count is range 0 .. 100;
      Sum : Count := 0;
      Step : constant Count := 3;

      generic
         type Item is range <>;
         Total : in out Item;
         By : in Item;
         with procedure Report (N : Item);
      package Counters is
         procedure Bump;
      end Counters;

      package body Counters is
         procedure Bump is
         begin
            Total := Total + By;
            Report (Total);
         end Bump;
      end Counters;

      generic
         with procedure Action;
      procedure Twice;

      procedure Twice is
      begin
         Action;
         Action;
      end Twice;

      procedure Show (N : Count) is
      begin
         Put_Line ("sum" & Count'Image (N));
      end Show;

      J : Journal;

      package Notes is
         type Note is limited private;
         procedure Set (N : out Note; V : Integer);
         function Value (N : Note) return Integer;
      private
         type Note is range 0 .. 99;
      end Notes;
      use Notes;

      package body Notes is
         procedure Set (N : out Note; V : Integer) is
         begin
            N := Note (V);
         end Set;

         function Value (N : Note) return Integer is
         begin
            return Integer (N);
         end Value;
      end Notes;

      package Sums is new Counters (Count, Sum, Step, Show);
      procedure Bump_Twice is new Twice (Sums.Bump);
      N : Note;
   begin
      J.Open ('j');
      Set (N, 7);
      J.Put ("note" & Integer'Image (Value (N)));
      Bump_Twice;
      J.Put ("after" & Count'Image (Sum));
      J.Close;
   end;
   Put_Line ("PASSED");
end Main;
