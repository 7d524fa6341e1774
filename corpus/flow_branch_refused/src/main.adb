--  Accepts in if statements that the server scheme cannot make one sync
--  point: without an else the task goes on past the if without waiting
--  (Poller counts the passes where it did not wait); a branch that runs a
--  statement before its accept (Stepper) changes what the condition read
--  before the task waits.  Both are refused, each with its reason.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Poller is
      entry Ping;
      entry Passes (N : out Natural);
   end Poller;
   task body Poller is
      Armed : Boolean := False;
      Idle : Natural := 0;
   begin
      loop
         if Armed then
            select
               accept Ping;
            or
               accept Passes (N : out Natural) do
                  N := Idle;
               end Passes;
            or
               terminate;
            end select;
         end if;
         if not Armed then
            Idle := Idle + 1;
            Armed := Idle >= 3;
         end if;
      end loop;
   end Poller;

   task Stepper is
      entry Step (N : out Natural);
   end Stepper;
   task body Stepper is
      Count : Natural := 0;
   begin
      loop
         if Count < 2 then
            Count := Count + 1;
            select
               accept Step (N : out Natural) do
                  N := Count;
               end Step;
            or
               terminate;
            end select;
         else
            select
               accept Step (N : out Natural) do
                  N := 100 + Count;
               end Step;
               Count := 0;
            or
               terminate;
            end select;
         end if;
      end loop;
   end Stepper;

   N : Natural;
begin
   Poller.Ping;
   Poller.Passes (N);
   Put_Line ("passes without waiting:" & Natural'Image (N));
   for I in 1 .. 4 loop
      Stepper.Step (N);
      Put_Line ("step" & Natural'Image (N));
   end loop;
   Put_Line ("PASSED");
end Main;
