--  A heartbeat server: once started, it beats every 20 ms, waiting with
--  "delay until Next" (the drift-free periodic idiom) between callers.  The
--  number of beats in 0.5 s depends on timing (and on how late each timeout
--  comes), so the program prints whether it lies within a tolerance.

with Ada.Real_Time; use Ada.Real_Time;
with Ada.Text_IO;

procedure Main is

   task Heart is
      entry Start (Period : Time_Span);
      entry Beats (N : out Natural);
      entry Stop;
   end Heart;

   task body Heart is
      Next    : Time := Time_First;
      Step    : Time_Span := Time_Span_Zero;
      Count   : Natural := 0;
      Running : Boolean := False;
   begin
      loop
         select
            accept Start (Period : Time_Span) do
               Step := Period;
               Next := Clock + Period;
            end Start;
            Running := True;
         or
            accept Beats (N : out Natural) do
               N := Count;
            end Beats;
         or
            accept Stop;
            exit;
         or
            when Running =>
               delay until Next;
               Count := Count + 1;
               Next := Next + Step;
         end select;
      end loop;
   end Heart;

   N : Natural;

begin
   Heart.Beats (N);
   Ada.Text_IO.Put_Line ("beats before start:" & Natural'Image (N));
   Heart.Start (Milliseconds (20));
   delay 0.5;
   Heart.Beats (N);
   Ada.Text_IO.Put_Line ("beats in 0.5 s within 10 .. 30: " & Boolean'Image (N in 10 .. 30));
   Heart.Stop;
   Ada.Text_IO.Put_Line ("PASSED");
end Main;
