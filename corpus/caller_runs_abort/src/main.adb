--  A printing server the main program aborts: the program has no other task,
--  so no caller can be inside the server's code when the abort comes.  After
--  it, 'Callable is False, and a plain, a conditional and a timed call each
--  raise Tasking_Error.  The second abort is made in the statements of a timed
--  call that was taken (the select's copy in the translation carries it).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Printer is
      entry Show (Line : String);
      entry Count (N : out Natural);
   end Printer;

   task body Printer is
      Shown : Natural := 0;
   begin
      loop
         select
            accept Show (Line : String) do
               Put_Line ("printer: " & Line);
            end Show;
            Shown := Shown + 1;
         or
            accept Count (N : out Natural) do
               N := Shown;
            end Count;
         or
            terminate;
         end select;
      end loop;
   end Printer;

   Failures : Natural := 0;
   N : Natural;

   procedure Expect_Error (What : String; Raised : Boolean) is
   begin
      if Raised then
         Put_Line (What & ": Tasking_Error");
      else
         Put_Line (What & ": no error");
         Failures := Failures + 1;
      end if;
   end Expect_Error;
begin
   Printer.Show ("one");
   Printer.Show ("two");
   Printer.Count (N);
   Put_Line ("shown" & Natural'Image (N));
   select
      Printer.Show ("three");
      abort Printer;
   or
      delay 5.0;
      Put_Line ("not taken");
      Failures := Failures + 1;
   end select;
   Put_Line ("callable after abort: " & Boolean'Image (Printer'Callable));
   begin
      Printer.Show ("four");
      Expect_Error ("plain call", False);
   exception
      when Tasking_Error => Expect_Error ("plain call", True);
   end;
   begin
      select
         Printer.Show ("five");
         Expect_Error ("conditional call", False);
      else
         Expect_Error ("conditional call", False);
      end select;
   exception
      when Tasking_Error => Expect_Error ("conditional call", True);
   end;
   abort Printer;   -- an aborted task again: nothing happens
   begin
      Printer.Count (N);
      Expect_Error ("second abort, then a call", False);
   exception
      when Tasking_Error => Expect_Error ("second abort, then a call", True);
   end;
   if Failures = 0 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
