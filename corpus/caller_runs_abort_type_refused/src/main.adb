--  The twin of caller_runs_abort_type in a program with a protected object (a
--  tally the main program updates): an interrupt or timing-event handler, a
--  protected procedure run in a thread of the run-time, could abort an object
--  while a caller runs its code, which a caller-runs package cannot cut short.
--  Refused by the caller-runs scheme (tests/test_caller_runs_aborts.py).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Scribe is
      entry Note (Line : String);
   end Scribe;

   task body Scribe is
   begin
      loop
         select
            accept Note (Line : String) do
               Put_Line ("note: " & Line);
            end Note;
         or
            terminate;
         end select;
      end loop;
   end Scribe;

   protected Tally is
      procedure Add;
      function Value return Natural;
   private
      N : Natural := 0;
   end Tally;

   protected body Tally is
      procedure Add is
      begin
         N := N + 1;
      end Add;
      function Value return Natural is (N);
   end Tally;

   One : Scribe;
begin
   One.Note ("one");
   Tally.Add;
   abort One;
   begin
      One.Note ("two");
      Put_Line ("no error");
   exception
      when Tasking_Error => Put_Line ("call after abort: Tasking_Error");
   end;
   Put_Line ("tally" & Natural'Image (Tally.Value));
   Put_Line ("PASSED");
end Main;
