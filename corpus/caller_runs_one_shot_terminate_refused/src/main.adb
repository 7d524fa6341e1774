--  Selects of one accept and a terminate alternative that the caller-runs
--  scheme does not take as a one-shot server's accept: a guarded accept
--  (its guard decides whether the task waits at all), and a select with a
--  second accept (which entry comes first is the callers' race).  No scheme
--  takes these tasks; each is refused naming why.  Beside
--  caller_runs_one_shot_terminate.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   Ready : Boolean := True;

   task Guarded is
      entry Hello (Name : String);
   end Guarded;

   task body Guarded is
   begin
      select
         when Ready =>
            accept Hello (Name : String) do
               Put_Line ("hello, " & Name);
            end Hello;
      or
         terminate;
      end select;
   end Guarded;

   task Either is
      entry Left;
      entry Right;
   end Either;

   task body Either is
   begin
      select
         accept Left do
            Put_Line ("left");
         end Left;
      or
         accept Right do
            Put_Line ("right");
         end Right;
      or
         terminate;
      end select;
   end Either;

begin
   Guarded.Hello ("world");
   Either.Right;
   Put_Line ("PASSED");
end Main;
