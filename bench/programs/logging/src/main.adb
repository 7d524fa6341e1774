--  Logging benchmark (rendezvous form): 4 writer tasks log 2_500 * Scale
--  messages each through the Logger server task, which writes every
--  message to the log inside its accept body.  The whole run is timed, from
--  starting the writers until all have finished; Main checks the count the
--  server kept and the lines the log received.

with Ada.Command_Line; use Ada.Command_Line;
with Ada.Real_Time;    use Ada.Real_Time;
with Ada.Text_IO;      use Ada.Text_IO;
with Bench_Support;    use Bench_Support;
with Log_Files;
with Servers;
with Writers;

procedure Main is

   Per_Scale : constant := 2_500;
   Writers_N : constant := 4;

   Scale  : Positive := 1;
   N      : Positive;
   Done   : Natural := 0;
   Logged : Natural;
   T0, T1 : Time;
   S0, S1 : Switch_Count;

begin
   begin
      if Argument_Count >= 1 then
         Scale := Positive'Value (Argument (1));
      end if;
   exception
      when Constraint_Error =>
         Put_Line (Standard_Error, "usage: main [scale]  (scale: positive integer)");
         Set_Exit_Status (Failure);
         return;
   end;
   N := Per_Scale * Scale;

   S0 := Switches;
   T0 := Clock;
   declare
      W : array (1 .. Writers_N) of Writers.Writer;
      D : Natural;
   begin
      for I in W'Range loop
         W (I).Start (I, N);
      end loop;
      for I in W'Range loop
         W (I).Finish (D);
         Done := Done + D;
      end loop;
   end;
   T1 := Clock;
   S1 := Switches;
   Servers.Logger.Total (Logged);

   Put_Line ("messages" & Natural'Image (Done));
   Put_Line ("logged" & Natural'Image (Logged));
   Put_Line ("lines" & Natural'Image (Log_Files.Lines));
   Put_Time ("logging", T1 - T0);
   Put_Switches ("logging", S1 - S0);
   if Done = Writers_N * N and then Logged = Done and then Log_Files.Lines = Done then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
      Set_Exit_Status (Failure);
   end if;
end Main;
