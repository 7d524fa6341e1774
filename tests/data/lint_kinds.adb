with Ada.Text_IO;
with Ada.Calendar; use Ada.Calendar;
procedure Main is
   --  a timer queue: callers schedule, it fires at the deadline
   task Timers is
      entry Schedule (At_Time : Time; Id : Integer);
      entry Stop;
   end Timers;

   task body Timers is
      Next : Time := Clock + 3600.0;
      Pending : Integer := 0;
   begin
      loop
         select
            accept Schedule (At_Time : Time; Id : Integer) do
               Next := At_Time;
               Pending := Id;
            end Schedule;
         or
            accept Stop;
            exit;
         or
            delay until Next;
            Ada.Text_IO.Put_Line ("fired" & Integer'Image (Pending));
            Next := Clock + 3600.0;
         end select;
      end loop;
   end Timers;

   task Ponger is
      entry Ping (N : Integer);
   end Ponger;

   task Pinger is
      entry Pong (N : Integer);
   end Pinger;

   task body Pinger is
      Last : Integer := 0;
   begin
      for I in 1 .. 3 loop
         Ponger.Ping (I);
         accept Pong (N : Integer) do
            Last := N;
         end Pong;
      end loop;
   end Pinger;

   task body Ponger is
      Got : Integer := 0;
   begin
      for I in 1 .. 3 loop
         accept Ping (N : Integer) do
            Got := N;
         end Ping;
         Pinger.Pong (Got + 1);
      end loop;
   end Ponger;

   task Poller is
      entry Stop;
   end Poller;

   task body Poller is
      Spins : Natural := 0;
   begin
      loop
         select
            accept Stop;
            exit;
         else
            Spins := Spins + 1;
            delay 0.001;
         end select;
      end loop;
   end Poller;
begin
   Timers.Schedule (Clock + 0.01, 7);
   delay 0.1;
   Timers.Stop;
   Poller.Stop;
end Main;
