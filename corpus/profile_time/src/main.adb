--  A watchdog counts the periods of 0.2 s in which nobody kicked it.  The
--  main waits with relative delays and measures with Ada.Calendar.

with Ada.Calendar; use Ada.Calendar;
with Ada.Text_IO;  use Ada.Text_IO;

procedure Main is

   task Dog is
      entry Kick;
      entry Misses (N : out Natural);
      entry Stop;
   end Dog;

   task body Dog is
      Missed : Natural := 0;
   begin
      loop
         select
            accept Kick;
         or
            accept Misses (N : out Natural) do
               N := Missed;
            end Misses;
         or
            accept Stop;
            exit;
         or
            delay 0.2;
            Missed := Missed + 1;
         end select;
      end loop;
   end Dog;

   Start : constant Time := Clock;
   N     : Natural;

begin
   for I in 1 .. 5 loop
      Dog.Kick;
      delay 0.001;
   end loop;
   delay 0.5;
   Dog.Misses (N);
   Dog.Stop;
   Put_Line ("missed some periods: " & Boolean'Image (N >= 1));
   Put_Line ("time went on: " & Boolean'Image (Clock - Start >= 0.5));
   Put_Line ("PASSED");
end Main;
