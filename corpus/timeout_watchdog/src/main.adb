--  A watchdog: a server whose select waits 0.2 s for a Kick and otherwise
--  trips (counts a missed kick).  Main kicks it ten times in a row, then
--  waits until it has tripped (Wait_Trip is open once Trips > 0), reads the
--  counts and stops it; a kick after Stop raises Tasking_Error.  The number
--  of trips depends on timing, so only "at least one" is printed.

with Ada.Text_IO;

procedure Main is

   task Watchdog is
      entry Kick;
      entry Wait_Trip;
      entry Report (Kicks : out Natural; Trips : out Natural);
      entry Stop;
   end Watchdog;

   task body Watchdog is
      Kicks : Natural := 0;
      Trips : Natural := 0;
   begin
      loop
         select
            accept Kick;
            Kicks := Kicks + 1;
         or
            when Trips > 0 =>
               accept Wait_Trip;
         or
            accept Report (Kicks : out Natural; Trips : out Natural) do
               Report.Kicks := Watchdog.Kicks;
               Report.Trips := Watchdog.Trips;
            end Report;
         or
            accept Stop;
            exit;
         or
            delay 0.2;
            Trips := Trips + 1;   --  no kick for 0.2 s
         end select;
      end loop;
   end Watchdog;

   Kicks : Natural;
   Trips : Natural;

begin
   for I in 1 .. 10 loop
      Watchdog.Kick;
   end loop;
   Watchdog.Wait_Trip;
   Watchdog.Report (Kicks, Trips);
   Ada.Text_IO.Put_Line ("kicks:" & Natural'Image (Kicks));
   Ada.Text_IO.Put_Line ("tripped: " & Boolean'Image (Trips >= 1));
   Watchdog.Stop;
   begin
      Watchdog.Kick;
      Ada.Text_IO.Put_Line ("kick after stop: accepted");
   exception
      when Tasking_Error =>
         Ada.Text_IO.Put_Line ("kick after stop: Tasking_Error");
   end;
   Ada.Text_IO.Put_Line ("PASSED");
end Main;
