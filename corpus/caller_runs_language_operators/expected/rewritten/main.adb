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
      package Checker is
         procedure Check (N : Integer);
      end Checker;

      package body Checker is
         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Check;
            procedure Finish (Ended : Boolean);
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
         end Turn;

         protected body Turn is
            entry Check when Over or else not Busy is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
            end Check;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;
         end Turn;

         procedure Check (N : Integer) is
         begin
            Turn.Check;
            begin
               if N < 0 then
                  raise Failed;
               end if;
            exception
               when others =>
                  begin
                     Say ("a negative number came in, and the checker stops here");
                  exception
                     when others =>   -- the server dies of it, silently
                        null;
                  end;
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => False);
         end Check;
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
