--  Conditional calls of entries whose accept bodies requeue.  GNAT cancels
--  a conditional call requeued to a task entry the task is not waiting for
--  at that instant, with or without abort, and a requeue within the task
--  always meets it so: the caller takes its else part although the accept
--  body ran.  A protected entry keeps (without abort) or serves the call.
--  Plain calls of the same entries complete.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   task Desk is
      entry Ask (N : Integer);
      entry Answer (N : Integer);
      entry Stats (Asked, Answered : out Natural);
   end Desk;

   task body Desk is
      Asked, Answered : Natural := 0;
   begin
      loop
         select
            accept Ask (N : Integer) do
               Asked := Asked + 1;
               requeue Answer;
            end Ask;
         or
            accept Answer (N : Integer) do
               Answered := Answered + N;
            end Answer;
         or
            accept Stats (Asked, Answered : out Natural) do
               Asked := Desk.Asked;
               Answered := Desk.Answered;
            end Stats;
         or
            terminate;
         end select;
      end loop;
   end Desk;

   Taken, Refused : Natural := 0;
   A, B : Natural;

begin
   for I in 1 .. 3 loop
      delay 0.01;
      select
         Desk.Ask (I);
         Taken := Taken + 1;
      else
         Refused := Refused + 1;
      end select;
   end loop;
   Desk.Ask (10);
   Desk.Stats (A, B);
   Put_Line ("taken" & Natural'Image (Taken) & " refused" & Natural'Image (Refused));
   Put_Line ("asked" & Natural'Image (A) & " answered" & Natural'Image (B));
end Main;
