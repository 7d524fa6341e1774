--  Calling server with a while loop and a plain loop/exit when: Feeder
--  hands every worker of a task array one Start call, odd slots upwards in
--  a while loop, even slots downwards in a loop with exit when, numbering
--  the hand-outs as it goes.  Main then reads each worker back by index
--  with Report, so which message reached which worker is observable.

with Ada.Task_Identification;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Size : constant := 8;

   task type Worker is
      entry Report (Result : out Integer);
   end Worker;

   protected Feeder is
      entry Start (Seq_Out : out Integer; Value : out Integer);
   private
      --  rdv2po: task Feeder, a calling server, became this protected object;
      --  its workers call it for what Feeder handed them. Stage is the call
      --  Feeder makes next: 1 = Pool (I).Start (Seq, I + Seq); 2 = Pool
      --  (I).Start (Seq, I - Seq); 0 = not started; -1 = done (calls wait for
      --  ever, as for a task that has ended).
      Stage : Integer := 0;
      I   : Integer := 1;
      Seq : Integer := 0;
      procedure Advance;
      function Is_Target (Caller : Ada.Task_Identification.Task_Id) return Boolean;
      procedure Wake;
      Start_Retry : Natural := 0;
      entry Start_Wait (Seq_Out : out Integer; Value : out Integer);
   end Feeder;

   task body Worker is
      My_Seq, My_Value : Integer;
   begin
      declare
         Seq : Integer;
         Value : Integer;
      begin
         Feeder.Start (Seq, Value);
         My_Seq := Seq;
         My_Value := Value;
      end;
      accept Report (Result : out Integer) do
         Result := My_Seq * 100 + My_Value * My_Value;
      end Report;
   end Worker;

   Pool : array (1 .. Size) of Worker;

   protected body Feeder is

      procedure Advance is
      begin
         case Stage is
            when 1 => goto Resume_1;
            when 2 => goto Resume_2;
            when others => null;
         end case;
         --  while I <= Size loop  (src/main.adb:38)
         <<Loop_1>>
         if not (I <= Size) then
            goto End_Loop_1;
         end if;
            Seq := Seq + 1;
            Stage := 1;  --  Pool (I).Start (Seq, I + Seq)
            return;
            <<Resume_1>>
            I := I + 2;
         goto Loop_1;
         <<End_Loop_1>>
         I := Size;
         --  loop  (src/main.adb:44)
         <<Loop_2>>
            Seq := Seq + 1;
            Stage := 2;  --  Pool (I).Start (Seq, I - Seq)
            return;
            <<Resume_2>>
            I := I - 2;
            if I < 1 then
               goto End_Loop_2;
            end if;
         goto Loop_2;
         <<End_Loop_2>>
         Stage := -1;
      exception
         when others =>
            --  Feeder would have ended here, silently
            Stage := -1;
      end Advance;

      function Is_Target (Caller : Ada.Task_Identification.Task_Id) return Boolean is
         use type Ada.Task_Identification.Task_Id;
      begin
         case Stage is
            when 1 => return Caller = Pool (I)'Identity;
            when 2 => return Caller = Pool (I)'Identity;
            when others => return False;
         end case;
      end Is_Target;

      procedure Wake is
      begin
         Start_Retry := Start_Wait'Count;
      end Wake;

      entry Start_Wait (Seq_Out : out Integer; Value : out Integer)
        when Start_Retry > 0
      is
      begin
         Start_Retry := Start_Retry - 1;
         requeue Start with abort;
      end Start_Wait;

      entry Start (Seq_Out : out Integer; Value : out Integer)
        when Stage in 0 | 1 | 2
      is
      begin
         if Stage = 0 then
            Advance;
            Wake;
            requeue Start with abort;
         end if;
         if not Is_Target (Start'Caller) then
            requeue Start_Wait with abort;
         end if;
         case Stage is
            when 1 =>
               Seq_Out := Seq;
               Value := I + Seq;
            when 2 =>
               Seq_Out := Seq;
               Value := I - Seq;
            when others =>
               null;
         end case;
         Advance;
         Wake;
      exception
         when others =>
            --  Feeder would have ended here, silently, before this call
            Stage := -1;
            --  and never made it: its callee waits for ever
            requeue Start with abort;
      end Start;

   end Feeder;

   Expected : constant array (1 .. Size) of Integer :=
     (104, 836, 225, 709, 364, 600, 521, 509);
   Result   : Integer;
   Total    : Integer := 0;
   Ok       : Boolean := True;

begin
   for I in Pool'Range loop
      Pool (I).Report (Result);
      Put_Line ("worker" & Integer'Image (I) & " result" & Integer'Image (Result));
      Total := Total + Result;
      Ok := Ok and Result = Expected (I);
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Ok and Total = 3868 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
