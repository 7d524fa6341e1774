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

   task Alpha;
   task Beta;
   task Gamma;
   protected Setup is
      entry Alpha_Start (V : out Integer);
      entry Beta_Start (V : out Integer);
      entry Gamma_Start (V : out Integer);
   private
      --  rdv2po: task Setup, a calling server, became this protected object;
      --  its workers call it for what Setup handed them. Stage is the call
      --  Setup makes next: 1 = Alpha.Start (10); 2 = Beta.Start (20); 3 =
      --  Gamma.Start (30); 0 = not started; -1 = done (calls wait for ever, as
      --  for a task that has ended).
      Stage : Integer := 0;
      procedure Advance;
   end Setup;

   task body Alpha is
      Mine : Integer;
   begin
      declare
         V : Integer;
      begin
         Setup.Alpha_Start (V);
         Mine := V;
      end;
      Results.Put (1, Mine * Mine);
   end Alpha;

   task body Beta is
      Mine : Integer;
   begin
      declare
         V : Integer;
      begin
         Setup.Beta_Start (V);
         Mine := V;
      end;
      Results.Put (2, Mine * 3 + 1);
   end Beta;

   task body Gamma is
      Mine : Integer;
   begin
      declare
         V : Integer;
      begin
         Setup.Gamma_Start (V);
         Mine := V;
      end;
      Results.Put (3, Mine - 7);
   end Gamma;

   protected body Setup is

      procedure Advance is
      begin
         case Stage is
            when 1 => goto Resume_1;
            when 2 => goto Resume_2;
            when 3 => goto Resume_3;
            when others => null;
         end case;
         Stage := 1;  --  Alpha.Start (10)
         return;
         <<Resume_1>>
         Stage := 2;  --  Beta.Start (20)
         return;
         <<Resume_2>>
         Stage := 3;  --  Gamma.Start (30)
         return;
         <<Resume_3>>
         Stage := -1;
      end Advance;

      entry Alpha_Start (V : out Integer)
        when Stage in 0 | 1
      is
      begin
         if Stage = 0 then
            Advance;
            requeue Alpha_Start with abort;
         end if;
         case Stage is
            when 1 =>
               V := 10;
            when others =>
               null;
         end case;
         Advance;
      exception
         when others =>
            --  Setup would have ended here, silently, before this call
            Stage := -1;
            --  and never made it: its callee waits for ever
            requeue Alpha_Start with abort;
      end Alpha_Start;

      entry Beta_Start (V : out Integer)
        when Stage in 0 | 2
      is
      begin
         if Stage = 0 then
            Advance;
            requeue Beta_Start with abort;
         end if;
         case Stage is
            when 2 =>
               V := 20;
            when others =>
               null;
         end case;
         Advance;
      exception
         when others =>
            --  Setup would have ended here, silently, before this call
            Stage := -1;
            --  and never made it: its callee waits for ever
            requeue Beta_Start with abort;
      end Beta_Start;

      entry Gamma_Start (V : out Integer)
        when Stage in 0 | 3
      is
      begin
         if Stage = 0 then
            Advance;
            requeue Gamma_Start with abort;
         end if;
         case Stage is
            when 3 =>
               V := 30;
            when others =>
               null;
         end case;
         Advance;
      exception
         when others =>
            --  Setup would have ended here, silently, before this call
            Stage := -1;
            --  and never made it: its callee waits for ever
            requeue Gamma_Start with abort;
      end Gamma_Start;

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
