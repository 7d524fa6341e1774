--  A spooler that notes, after each job, how many jobs are still waiting.
--  The task counts the calls that came while it was busy with the last one;
--  the protected object would run the same code holding its lock, where a
--  call coming meanwhile waits for the lock, queued on no entry: the count
--  would miss it.  The accepting scheme refuses, naming Submit'Count.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Spooler is
      entry Submit (Pages : Positive);
      entry Status (Done : out Natural; Backlog : out Natural);
   end Spooler;

   task body Spooler is
      Printed : Natural := 0;
      Waiting : Natural := 0;
   begin
      loop
         select
            accept Submit (Pages : Positive) do
               Printed := Printed + Pages;
            end Submit;
            Waiting := Submit'Count;
         or
            accept Status (Done : out Natural; Backlog : out Natural) do
               Done := Printed;
               Backlog := Waiting;
            end Status;
         or
            terminate;
         end select;
      end loop;
   end Spooler;

   Done, Backlog : Natural;
begin
   Spooler.Submit (3);
   Spooler.Submit (4);
   Spooler.Status (Done, Backlog);
   Put_Line ("printed" & Natural'Image (Done) & ", backlog" & Natural'Image (Backlog));
   Put_Line ("PASSED");
end Main;
