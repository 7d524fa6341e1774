--  A guarded delay alternative: the watchdog trips once per silence.  It is
--  armed by a Kick; when 0.2 s pass without one it trips and disarms itself
--  (the guard of its delay alternative closes), so however long Main then
--  waits, the count of trips is exact: one per silence.

with Ada.Text_IO;

procedure Main is

   task Guard_Dog is
      entry Kick;
      entry Wait_Trip;
      entry Report (Kicks : out Natural; Trips : out Natural);
      entry Stop;
   end Guard_Dog;

   task body Guard_Dog is
      Kicks   : Natural := 0;
      Trips   : Natural := 0;
      Armed   : Boolean := False;
      Tripped : Boolean := False;
   begin
      loop
         select
            accept Kick;
            Kicks := Kicks + 1;
            Armed := True;
            Tripped := False;
         or
            when Tripped =>
               accept Wait_Trip;
         or
            accept Report (Kicks : out Natural; Trips : out Natural) do
               Report.Kicks := Guard_Dog.Kicks;
               Report.Trips := Guard_Dog.Trips;
            end Report;
         or
            accept Stop;
            exit;
         or
            when Armed =>
               delay 0.2;
               Trips := Trips + 1;
               Armed := False;
               Tripped := True;
         end select;
      end loop;
   end Guard_Dog;

   Kicks : Natural;
   Trips : Natural;

begin
   delay 0.1;                    --  not armed yet: no trip
   Guard_Dog.Report (Kicks, Trips);
   Ada.Text_IO.Put_Line ("before any kick:" & Natural'Image (Trips));
   for Round in 1 .. 2 loop
      for I in 1 .. 3 loop
         Guard_Dog.Kick;
      end loop;
      Guard_Dog.Wait_Trip;
      delay 0.1;                 --  disarmed: no further trip
      Guard_Dog.Report (Kicks, Trips);
      Ada.Text_IO.Put_Line ("round" & Integer'Image (Round) & ": kicks" & Natural'Image (Kicks)
                            & ", trips" & Natural'Image (Trips));
   end loop;
   Guard_Dog.Stop;
   Ada.Text_IO.Put_Line ("PASSED");
end Main;
