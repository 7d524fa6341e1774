--  Calling server without a loop: Setup makes a straight line of Start
--  calls to three different single tasks, each accepting Start once and
--  storing its result in Results; main waits on Results.Wait_All.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Slot is range 1 .. 3;
   type Slot_Values is array (Slot) of Integer;
   protected Results is
      procedure Put (Where : Slot; Value : Integer);
      entry Wait_All (Values : out Slot_Values);
   private
      Store : Slot_Values := (others => 0);
      Count : Natural := 0;
   end Results;

   protected body Results is
      procedure Put (Where : Slot; Value : Integer) is
      begin
         Store (Where) := Value;
         Count := Count + 1;
      end Put;
      entry Wait_All (Values : out Slot_Values) when Count = 3 is
      begin
         Values := Store;
      end Wait_All;
   end Results;

   task Alpha is
      entry Start (V : Integer);
   end Alpha;
   task Beta is
      entry Start (V : Integer);
   end Beta;
   task Gamma is
      entry Start (V : Integer);
   end Gamma;
   task Setup;

   task body Alpha is
      Mine : Integer;
   begin
      accept Start (V : Integer) do
         Mine := V;
      end Start;
      Results.Put (1, Mine * Mine);
   end Alpha;

   task body Beta is
      Mine : Integer;
   begin
      accept Start (V : Integer) do
         Mine := V;
      end Start;
      Results.Put (2, Mine * 3 + 1);
   end Beta;

   task body Gamma is
      Mine : Integer;
   begin
      accept Start (V : Integer) do
         Mine := V;
      end Start;
      Results.Put (3, Mine - 7);
   end Gamma;

   task body Setup is
   begin
      Alpha.Start (10);
      Beta.Start (20);
      Gamma.Start (30);
   end Setup;

   Values : Slot_Values;
   Total  : Integer := 0;
begin
   Results.Wait_All (Values);
   for S in Slot loop
      Put_Line ("slot" & Slot'Image (S) & " value" & Integer'Image (Values (S)));
      Total := Total + Values (S);
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Values = (100, 61, 23) and Total = 184 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
