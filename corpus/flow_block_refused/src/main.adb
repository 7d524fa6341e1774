--  Blocks with declarations the server scheme does not translate, beside
--  flow_block_declarations: a record created again at each pass (its
--  default components would have to be given again, which a component,
--  created once, does not do), and a block object with the name of a task
--  variable (one component for both).  Both are refused, each with its
--  reason.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Pair is record
      Left, Right : Integer := 0;
   end record;

   task Recorder is
      entry Left (V : Integer);
      entry Right (V : Integer);
      entry Sum (S : out Integer);
   end Recorder;
   task body Recorder is
      Total : Integer := 0;
   begin
      loop
         declare
            P : Pair;
         begin
            select
               accept Left (V : Integer) do
                  P.Left := V;
               end Left;
            or
               accept Right (V : Integer) do
                  P.Right := V;
               end Right;
            or
               accept Sum (S : out Integer) do
                  S := Total;
               end Sum;
            or
               terminate;
            end select;
            Total := Total + P.Left + P.Right;
         end;
      end loop;
   end Recorder;

   task Shadow is
      entry Put (V : Integer);
      entry Get (V : out Integer);
   end Shadow;
   task body Shadow is
      Count : Integer := 0;
   begin
      loop
         declare
            Count : Integer := 1;
         begin
            select
               accept Put (V : Integer) do
                  Count := V;
               end Put;
               Shadow.Count := Shadow.Count + Count;
            or
               accept Get (V : out Integer) do
                  V := Shadow.Count;
               end Get;
            or
               terminate;
            end select;
         end;
      end loop;
   end Shadow;

   S : Integer;
begin
   Recorder.Left (3);
   Recorder.Right (4);
   Recorder.Sum (S);
   Put_Line ("sum" & Integer'Image (S));
   Shadow.Put (5);
   Shadow.Put (6);
   Shadow.Get (S);
   Put_Line ("count" & Integer'Image (S));
   Put_Line ("PASSED");
end Main;
