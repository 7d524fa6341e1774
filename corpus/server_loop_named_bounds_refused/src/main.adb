--  A server whose loop after the accept ends when a counter passes a
--  package's variable, named by its expanded name: another task may change
--  it while the loop runs, so nothing proves the loop ends inside a caller's
--  call.  Refused; beside server_loop_named_bounds.

with Ada.Text_IO; use Ada.Text_IO;
with Limits;

procedure Main is

   task Mixer is
      entry Feed (X : Integer);
      entry Total (T : out Integer);
   end Mixer;

   task body Mixer is
      Sum : Integer := 0;
      K : Integer := 0;
   begin
      loop
         select
            accept Feed (X : Integer) do
               Sum := Sum + X;
            end Feed;
            K := 0;
            loop
               exit when K > Limits.Rounds;
               Sum := Sum + 100;
               K := K + 1;
            end loop;
         or
            accept Total (T : out Integer) do
               T := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Mixer;

   T : Integer;
begin
   Mixer.Feed (1);
   Mixer.Total (T);
   Put_Line ("total:" & Integer'Image (T));
   Put_Line ("PASSED");
end Main;
