--  Servers whose select ends 'else null;' (found in real code): when no
--  alternative can be taken the task goes round its loop to the same select, its
--  guards reading only its own variables, so it behaves as if it waited there.
--  No call of theirs is conditional or timed (those would tell the difference).
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   --  A cell (accepting scheme)
   task Cell is
      entry Set (V : Integer);
      entry Get (V : out Integer);
      entry Quit;
   end Cell;

   task body Cell is
      Value : Integer := 0;
   begin
      Serve :
      loop
         select
            accept Set (V : Integer) do
               Value := V;
            end Set;
         or
            when Value > 0 =>
               accept Get (V : out Integer) do
                  V := Value;
               end Get;
         or
            accept Quit;
            exit Serve;
         else
            null;
         end select;
      end loop Serve;
   end Cell;

   --  A printer that prints in its accept bodies (caller-runs scheme)
   task Printer is
      entry Print (N : Integer);
      entry Flush;
      entry Stop;
   end Printer;

   task body Printer is
      Pending : Natural := 0;
   begin
      loop
         select
            accept Print (N : Integer) do
               Pending := Pending + 1;
               Put_Line ("print" & N'Image);
            end Print;
         or
            when Pending > 0 =>
               accept Flush do
                  Put_Line ("flushed" & Pending'Image);
                  Pending := 0;
               end Flush;
         or
            accept Stop;
            exit;
         else
            null;  --  nothing to do: round again
         end select;
      end loop;
   end Printer;

   X : Integer;
begin
   Cell.Set (5);
   Cell.Get (X);
   Put_Line ("cell" & X'Image);
   Cell.Set (7);
   Cell.Get (X);
   Put_Line ("cell" & X'Image);
   Cell.Quit;
   Printer.Print (1);
   Printer.Print (2);
   Printer.Flush;
   Printer.Print (3);
   Printer.Flush;
   Printer.Stop;
   Put_Line ("PASSED");
end Main;
