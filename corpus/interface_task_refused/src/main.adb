--  A task type implementing a task interface stays a task: a protected
--  object cannot implement a task interface.  The refusal names it, and the
--  'Callable of an object reached through the interface (an object of the
--  task type, whose type the cross references give as the interface).
with Ada.Text_IO; use Ada.Text_IO;
with Jobs; use Jobs;
procedure Main is

   task type Adder is new Worker with
      entry Run (N : Integer);
      entry Total (T : out Integer);
   end Adder;

   task body Adder is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Run (N : Integer) do
               Sum := Sum + N;
            end Run;
         or
            accept Total (T : out Integer) do
               T := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Adder;

   One : aliased Adder;
   Any : constant access Worker'Class := One'Access;
   T   : Integer;
begin
   for I in 1 .. 4 loop
      Any.Run (I);
   end loop;
   Any.Total (T);
   Put_Line ("total" & Integer'Image (T));
   Put_Line ("callable " & Boolean'Image (Any.all'Callable));
   Put_Line ("PASSED");
end Main;
