--  A server whose task-body handler folds a message with a loop: its caller
--  runs the handler, so the loop must be proved to end (the width and the
--  slice bounds step towards the message's end).  The program renames
--  Ada.Calendar's "-": a renaming of a language-defined operator is that
--  operator, and does not change what the proof's integer arithmetic means.
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Calendar;
procedure Main is
   function "-" (Left : Ada.Calendar.Time; Right : Duration)
     return Ada.Calendar.Time renames Ada.Calendar."-";

   procedure Say (Text : String) is
      Width : constant Integer := 20;
      First : Integer := Text'First;
      Last  : Integer;
   begin
      loop
         if Text'Last - First >= Width then
            Last := First + Width - 1;
         else
            Last := Text'Last;
         end if;
         Put_Line ("checker: " & Text (First .. Last));
         First := Last + 1;
         exit when First > Text'Last;
      end loop;
   end Say;

   Failed : exception;
   Started : constant Ada.Calendar.Time := Ada.Calendar.Clock - 1.0;
   Refused : Boolean := False;

   procedure Run is
      task Checker is
         entry Check (N : Integer);
      end Checker;

      task body Checker is
      begin
         loop
            select
               accept Check (N : Integer) do
                  if N < 0 then
                     raise Failed;
                  end if;
               end Check;
            or
               terminate;
            end select;
         end loop;
      exception
         when others =>
            Say ("a negative number came in, and the checker stops here");
      end Checker;
   begin
      Checker.Check (1);
      Checker.Check (-1);
   exception
      when Failed =>
         Refused := True;
   end Run;  --  waits for Checker, and its handler, to end
begin
   Run;
   Put_Line ("main: refused " & Boolean'Image (Refused));
   Put_Line ("main: clock ahead " &
             Boolean'Image (Ada.Calendar.">" (Ada.Calendar.Clock, Started)));
   Put_Line ("PASSED");
end Main;
