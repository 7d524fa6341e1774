with Ada.Numerics.Discrete_Random;
with Ada.Real_Time; use Ada.Real_Time;
with Hosts;

package body Diners is

   --  Pauses, in units of 10 microseconds.
   subtype Pause is Integer range 1 .. 100;

   package Random_Pause is new Ada.Numerics.Discrete_Random (Pause);

   task body Philosopher is
      Me        : Phil_Id;
      Count     : Positive;
      Gen       : Random_Pause.Generator;
      Portion   : Natural;
      Ate       : Natural := 0;
      Amount    : Natural := 0;
      Requested : Duration := 0.0;
      Spent     : Time_Span := Time_Span_Zero;
      Began     : Time;
      Ended     : Time;

      procedure Pause_For_A_While is
         D  : constant Duration :=
           Duration (Random_Pause.Random (Gen)) / 100_000.0;
         T0 : constant Time := Clock;
      begin
         delay D;
         Spent := Spent + (Clock - T0);
         Requested := Requested + D;
      end Pause_For_A_While;

   begin
      accept Start (Id : Phil_Id; Meals : Positive) do
         Me := Id;
         Count := Meals;
      end Start;
      Random_Pause.Reset (Gen, Me);
      Began := Clock;
      for M in 1 .. Count loop
         Pause_For_A_While;                 --  think
         Hosts.Host.Request (Me, Portion);
         Pause_For_A_While;                 --  eat
         Hosts.Host.Release (Me);
         Ate := Ate + 1;
         Amount := Amount + Portion;
      end loop;
      Ended := Clock;
      accept Finish (Eaten, Portions : out Natural;
                     Nominal, Measured, Active : out Duration)
      do
         Eaten := Ate;
         Portions := Amount;
         Nominal := Requested;
         Measured := To_Duration (Spent);
         Active := To_Duration (Ended - Began - Spent);
      end Finish;
   end Philosopher;

   task body Butler is
      Total : Positive;
   begin
      accept Start (Portions : Positive) do
         Total := Portions;
      end Start;
      for K in 1 .. Total loop
         Hosts.Host.Serve (Portion_Size (K));
      end loop;
   end Butler;

end Diners;
