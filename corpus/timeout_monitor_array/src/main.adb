--  Heartbeat monitors, an array of a task type: each suspects its node when
--  no Beat comes for 0.2 s, and a Beat clears the suspicion.  Main beats
--  nodes 1 and 3 every 20 ms for 0.5 s and node 2 only at the start; the
--  last beats come right before the questions, so the answers do not depend
--  on timing: only node 2 is suspected.

with Ada.Text_IO;

procedure Main is

   task type Monitor is
      entry Beat;
      entry Suspected (S : out Boolean);
      entry Stop;
   end Monitor;

   task body Monitor is
      Missed : Boolean := False;
   begin
      loop
         select
            accept Beat;
            Missed := False;
         or
            accept Suspected (S : out Boolean) do
               S := Missed;
            end Suspected;
         or
            accept Stop;
            exit;
         or
            delay 0.2;
            Missed := True;
         end select;
      end loop;
   end Monitor;

   Monitors : array (1 .. 3) of Monitor;
   S        : Boolean;

begin
   for Tick in 1 .. 25 loop
      for I in Monitors'Range loop
         if I /= 2 or else Tick <= 2 then
            Monitors (I).Beat;
         end if;
      end loop;
      delay 0.02;
   end loop;
   Monitors (1).Beat;
   Monitors (3).Beat;
   for I in Monitors'Range loop
      Monitors (I).Suspected (S);
      Ada.Text_IO.Put_Line ("node" & Integer'Image (I) & " suspected: " & Boolean'Image (S));
      Monitors (I).Stop;
   end loop;
   Ada.Text_IO.Put_Line ("PASSED");
end Main;
