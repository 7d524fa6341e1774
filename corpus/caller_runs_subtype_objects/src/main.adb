--  An awaited task type (an accept Start before its loop) reached through a
--  subtype: Near is declared with the subtype, a membership test names both,
--  and the declarations after the objects name a package's types (Shapes.Box:
--  naming a package evaluates nothing) and a record without defaults.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Echo is
      entry Start (Tag : Character);
      entry Put (S : String);
   end Echo;
   subtype Same_Echo is Echo;

   package Shapes is
      type Box is limited private;
      type Row is array (1 .. 3) of Box;
   private
      type Box is range 0 .. 9;
   end Shapes;

   type Pair is record
      Left, Right : Integer;
   end record;

   task body Echo is
      Mine : Character := '?';
   begin
      accept Start (Tag : Character) do
         Mine := Tag;
      end Start;
      loop
         select
            accept Put (S : String) do
               Put_Line (Mine & ": " & S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Echo;
begin
   declare
      Far : Echo;
      Near : Same_Echo;
      B : Shapes.Box;
      R : Shapes.Row;
      P : Pair;
      pragma Unreferenced (B, R);
   begin
      P := (Left => 1, Right => 2);
      Far.Start ('f');
      Near.Start ('n');
      Put_Line ("Near in Echo: " & Boolean'Image (Near in Echo));
      Put_Line ("Far in Same_Echo: " & Boolean'Image (Far in Same_Echo));
      Far.Put ("one");
      Near.Put ("two" & Integer'Image (P.Left + P.Right));
   end;
   Put_Line ("PASSED");
end Main;
