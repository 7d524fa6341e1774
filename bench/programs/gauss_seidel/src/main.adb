--  Gauss-Seidel benchmark (rendezvous form): red-black relaxation of a
--  64 x 64 grid by 16 worker tasks (Crew.Run).  A calling server, Setup,
--  hands every worker its band of rows; a barrier server, Barrier,
--  separates the colour phases.  Main then repeats the same iterations
--  sequentially and checks that the grids are bit-identical, and that
--  every worker completed every iteration.  Time and context switches are
--  reported for the set-up (the calling server) and for the iterations
--  (the barrier) separately, as in the paper's Table 2.

with Ada.Command_Line;
with Ada.Long_Float_Text_IO;
with Ada.Real_Time; use Ada.Real_Time;
with Ada.Text_IO;   use Ada.Text_IO;
with Bench_Support; use Bench_Support;
with Config;        use Config;
with Crew;
with Grids;

procedure Main is

   use type Grids.Grid;

   Iterations_Per_Scale : constant := 200;

   Scale    : Positive := 1;
   Relaxed  : Grids.Grid;
   Sum      : Long_Float;
   T0, T1   : Time;
   Last_Start, First_Start, Last_End : Time;
   S0, S1   : Switch_Count;
   Setup_Switches, First_Switches, Last_Switches : Switch_Count;
   All_Done : Boolean := True;

   procedure Put_Value (Label : String; X : Long_Float) is
   begin
      Put (Label & " ");
      Ada.Long_Float_Text_IO.Put (X, Fore => 1, Aft => 9, Exp => 0);
      New_Line;
   end Put_Value;

begin
   if Ada.Command_Line.Argument_Count >= 1 then
      begin
         Scale := Positive'Value (Ada.Command_Line.Argument (1));
      exception
         when Constraint_Error =>
            Put_Line (Standard_Error,
                      "usage: main [scale]  (positive integer)");
            Ada.Command_Line.Set_Exit_Status (Ada.Command_Line.Failure);
            return;
      end;
   end if;
   Grids.Iterations := Iterations_Per_Scale * Scale;
   Grids.Initialise;

   S0 := Switches;
   T0 := Clock;
   Crew.Run;
   T1 := Clock;
   S1 := Switches;

   Relaxed := Grids.U;
   Sum := Grids.Interior_Sum;

   --  The same iterations, sequentially, on a fresh grid.
   Grids.Initialise;
   for K in 1 .. Grids.Iterations loop
      for C in Grids.Colour loop
         Grids.Relax (1, N, C);
      end loop;
   end loop;

   Put_Line ("grid" & Integer'Image (N) & " x" & Integer'Image (N) &
             ", workers" & Integer'Image (Workers) &
             ", iterations" & Integer'Image (Grids.Iterations));
   Put_Value ("interior sum", Sum);
   Put_Value ("u(16,16)", Relaxed (16, 16));
   Put_Value ("u(32,32)", Relaxed (32, 32));
   Put_Value ("u(48,48)", Relaxed (48, 48));

   --  Switch counts only grow, so the largest count a worker saw at its
   --  start is the count when the last worker got its Start.
   First_Start := Crew.Started (1);
   Last_Start := Crew.Started (1);
   Last_End := Crew.Finished (1);
   Setup_Switches := Crew.Switches_Started (1);
   First_Switches := Crew.Switches_Started (1);
   Last_Switches := Crew.Switches_Finished (1);
   for I in 1 .. Workers loop
      if Crew.Started (I) < First_Start then
         First_Start := Crew.Started (I);
      end if;
      if Crew.Started (I) > Last_Start then
         Last_Start := Crew.Started (I);
      end if;
      if Crew.Finished (I) > Last_End then
         Last_End := Crew.Finished (I);
      end if;
      Setup_Switches :=
        Switch_Count'Max (Setup_Switches, Crew.Switches_Started (I));
      First_Switches :=
        Switch_Count'Min (First_Switches, Crew.Switches_Started (I));
      Last_Switches :=
        Switch_Count'Max (Last_Switches, Crew.Switches_Finished (I));
      All_Done := All_Done and Crew.Completed (I) = Grids.Iterations;
   end loop;
   Put_Time ("setup", Last_Start - T0);
   Put_Time ("barrier", Last_End - First_Start);
   Put_Time ("total", T1 - T0);
   Put_Switches ("setup", Setup_Switches - S0);
   Put_Switches ("barrier", Last_Switches - First_Switches);
   Put_Switches ("total", S1 - S0);

   if All_Done and then Relaxed = Grids.U and then Sum = Grids.Interior_Sum
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
      Ada.Command_Line.Set_Exit_Status (Ada.Command_Line.Failure);
   end if;
end Main;
