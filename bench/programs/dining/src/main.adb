--  Dining philosophers benchmark (rendezvous form): five philosopher
--  tasks eat 20 * Scale meals each, getting their forks from the Host
--  server (requeue while the forks are in use; a nested accept of the
--  butler's Serve inside the granting rendezvous).  Main prints the meals
--  and checks the host's books.  The time reported as "dining" leaves out
--  the delays, as the paper's did: it is the CPU time of the whole process
--  (all tasks) during the meals, so it also leaves out the time a task
--  waits for its forks while the CPU is idle.  The paper's own definition,
--  the sum over the philosophers of the time each was active, not
--  counting its delays, is reported as "philosophers"; it counts the time
--  a philosopher waits for its forks or for the CPU, five times over.

with Ada.Command_Line;
with Ada.Real_Time; use Ada.Real_Time;
with Ada.Text_IO;   use Ada.Text_IO;
with Bench_Support; use Bench_Support;
with Diners;
with Hosts;
with Table;         use Table;

procedure Main is

   use type Table.Fork_Array;

   Meals_Per_Scale : constant := 20;

   Scale     : Positive := 1;
   Meals     : Positive;
   Eaten     : Natural;
   Amount    : Natural;
   Nominal   : Duration;
   Measured  : Duration;
   Active    : Duration;
   Active_Total    : Duration := 0.0;
   Meals_Eaten     : Natural := 0;
   Portions_Eaten  : Natural := 0;
   Nominal_Total   : Duration := 0.0;
   Measured_Total  : Duration := 0.0;
   Measured_Max    : Duration := 0.0;
   Served    : Natural;
   Portions  : Natural;
   Requeued  : Natural;
   Forks     : Fork_Array;
   Expected  : Natural := 0;
   All_Ate   : Boolean := True;
   T0, T1    : Time;
   S0, S1    : Switch_Count;
   C0, C1    : Duration;

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
   Meals := Meals_Per_Scale * Scale;

   S0 := Switches;
   C0 := CPU_Time;
   T0 := Clock;
   declare
      Seats  : Diners.Philosopher_Array;
      Waiter : Diners.Butler;
   begin
      Waiter.Start (Philosophers * Meals);
      for I in Seats'Range loop
         Seats (I).Start (I, Meals);
      end loop;
      for I in Seats'Range loop
         Seats (I).Finish (Eaten, Amount, Nominal, Measured, Active);
         Put_Line ("philosopher" & Phil_Id'Image (I) & " meals" &
                   Natural'Image (Eaten));
         All_Ate := All_Ate and Eaten = Meals;
         Meals_Eaten := Meals_Eaten + Eaten;
         Portions_Eaten := Portions_Eaten + Amount;
         Nominal_Total := Nominal_Total + Nominal;
         Measured_Total := Measured_Total + Measured;
         Active_Total := Active_Total + Active;
         if Measured > Measured_Max then
            Measured_Max := Measured;
         end if;
      end loop;
   end;
   T1 := Clock;
   C1 := CPU_Time;
   S1 := Switches;

   Hosts.Host.Report (Served, Portions, Requeued, Forks);
   for K in 1 .. Philosophers * Meals loop
      Expected := Expected + Portion_Size (K);
   end loop;

   Put_Line ("meals total" & Natural'Image (Meals_Eaten));
   Put_Line ("portions total" & Natural'Image (Portions_Eaten));
   Put_Line ("host served" & Natural'Image (Served) &
             " portions" & Natural'Image (Portions));
   Put_Time ("dining", C1 - C0);
   Put_Time ("philosophers", Active_Total);
   Put_Time ("wall", T1 - T0);
   Put_Switches ("dining", S1 - S0);
   Put_Line (Standard_Error, "delay_total" & Duration'Image (Nominal_Total));
   Put_Line (Standard_Error,
             "delay_measured_total" & Duration'Image (Measured_Total));
   Put_Line (Standard_Error,
             "delay_measured_max" & Duration'Image (Measured_Max));
   Put_Line (Standard_Error, "requeued" & Natural'Image (Requeued));
   if All_Ate
     and then Meals_Eaten = Philosophers * Meals
     and then Served = Meals_Eaten
     and then Portions = Expected
     and then Portions_Eaten = Expected
     and then Forks = Fork_Array'(others => True)
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
      Ada.Command_Line.Set_Exit_Status (Ada.Command_Line.Failure);
   end if;
end Main;
