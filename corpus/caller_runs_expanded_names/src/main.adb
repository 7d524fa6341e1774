--  Loggers whose accept bodies print, so they stay out of protected actions:
--  the caller-runs scheme takes them.  Their start-up accept stores formals
--  named like the task's variables, by the variables' expanded names
--  (Logger.Prefix := Prefix), as Ada programmers write it; the discriminant
--  and a variable that no formal hides are named that way too.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   task type Logger (Id : Natural) is
      entry Start (Prefix : Character; Step : Positive);
      entry Log (Value : Integer);
      entry Stop (Lines : out Natural);
   end Logger;

   task body Logger is
      Prefix : Character := '?';
      Step   : Positive := 1;
      Lines  : Natural := 0;
   begin
      accept Start (Prefix : Character; Step : Positive) do
         Logger.Prefix := Prefix;
         Logger.Step := Step;
      end Start;
      loop
         select
            accept Log (Value : Integer) do
               Logger.Lines := Logger.Lines + 1;
               Put_Line (Logger.Prefix & Integer'Image (Logger.Id) & ":"
                         & Integer'Image (Value * Logger.Step));
            end Log;
         or
            accept Stop (Lines : out Natural) do
               Lines := Logger.Lines;
            end Stop;
            exit;
         end select;
      end loop;
   end Logger;

   A : Logger (1);
   B : Logger (2);
   N : Natural;
begin
   A.Start ('a', 10);
   B.Start ('b', 100);
   A.Log (1);
   B.Log (2);
   A.Log (3);
   A.Stop (N);
   Put_Line ("a lines:" & Natural'Image (N));
   B.Stop (N);
   Put_Line ("b lines:" & Natural'Image (N));
   Put_Line ("PASSED");
end Main;
