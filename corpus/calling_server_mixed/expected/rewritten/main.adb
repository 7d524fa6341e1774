--  A mixed task: Boss accepts its own entries and hands out work.  It waits
--  for Start (the base number), hands Base + I to each worker of Pool,
--  accepts Go without parameters, hands one more job to the single task
--  Spare, then reports through Finish (an out parameter).  Main calls
--  Finish a second time after Boss has ended: that call raises
--  Tasking_Error, as a call on a completed task does.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   protected Sums is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Sums;

   protected body Sums is
      procedure Add (X : Integer) is
      begin
         S := S + X;
      end Add;
      function Get return Integer is (S);
   end Sums;

   Late_Call_Failed : Boolean := False;

   procedure Run is

      task type Worker;

      Pool : array (1 .. 4) of Worker;

      task Spare;

      protected Boss is
         entry Start (Base : Integer);
         entry Go;
         entry Finish (Total : out Integer);
         entry Worker_Start (V : out Integer);
         entry Job (V : out Integer);
      private
         --  rdv2po: task Boss, a calling server, became this protected object; its
         --  workers call it for what Boss handed them. Stage is the call Boss
         --  makes next: 1 = accept Start; 2 = Pool (I).Start (First + I); 3 =
         --  accept Go; 4 = Spare.Job (Sum / 100); 5 = accept Finish; 0 = not
         --  started; -1 = done (the workers' calls wait for ever, as for a task
         --  that has ended; calls of Boss's own entries raise Tasking_Error).
         Stage : Integer := 0;
         First : Integer := 0;
         Sum   : Integer := 0;
         I, I_Bound : Integer'Base;  --  loop at src/main.adb:72
         procedure Advance;
      end Boss;

      task body Worker is
         Mine : Integer;
      begin
         declare
            V : Integer;
         begin
            Boss.Worker_Start (V);
            Mine := V;
         end;
         Sums.Add (Mine);
      end Worker;

      task body Spare is
         Mine : Integer;
      begin
         declare
            V : Integer;
         begin
            Boss.Job (V);
            Mine := V;
         end;
         Sums.Add (Mine * 1_000);
      end Spare;

      protected body Boss is

         procedure Advance is
         begin
            case Stage is
               when 1 => goto Resume_1;
               when 2 => goto Resume_2;
               when 3 => goto Resume_3;
               when 4 => goto Resume_4;
               when 5 => goto Resume_5;
               when others => null;
            end case;
            Stage := 1;  --  accept Start
            return;
            <<Resume_1>>
            --  for I in Pool'Range loop  (src/main.adb:72)
            I := Pool'First;
            I_Bound := Pool'Last;
            if I > I_Bound then
               goto End_Loop_1;
            end if;
            <<Loop_1>>
               Stage := 2;  --  Pool (I).Start (First + I)
               return;
               <<Resume_2>>
               Sum := Sum + First + I;
            if I = I_Bound then
               goto End_Loop_1;
            end if;
            I := Integer'Succ (I);
            goto Loop_1;
            <<End_Loop_1>>
            Stage := 3;  --  accept Go
            return;
            <<Resume_3>>
            Stage := 4;  --  Spare.Job (Sum / 100)
            return;
            <<Resume_4>>
            Stage := 5;  --  accept Finish
            return;
            <<Resume_5>>
            Stage := -1;
         exception
            when others =>
               --  Boss would have ended here, silently
               Stage := -1;
         end Advance;

         entry Start (Base : Integer)
           when Stage in 0 | -1 | 1
         is
         begin
            if Stage = -1 then
               raise Tasking_Error;  --  the task has ended
            elsif Stage = 0 then
               Advance;
               requeue Start with abort;
            end if;
            First := Base;
            Advance;
         end Start;

         entry Go
           when Stage in 0 | -1 | 3
         is
         begin
            if Stage = -1 then
               raise Tasking_Error;  --  the task has ended
            elsif Stage = 0 then
               Advance;
               requeue Go with abort;
            end if;
            Advance;
         end Go;

         entry Finish (Total : out Integer)
           when Stage in 0 | -1 | 5
         is
         begin
            if Stage = -1 then
               raise Tasking_Error;  --  the task has ended
            elsif Stage = 0 then
               Advance;
               requeue Finish with abort;
            end if;
            Total := Sum;
            Advance;
         end Finish;

         entry Worker_Start (V : out Integer)
           when Stage in 0 | 2
         is
         begin
            if Stage = 0 then
               Advance;
               requeue Worker_Start with abort;
            end if;
            case Stage is
               when 2 =>
                  V := First + I;
               when others =>
                  null;
            end case;
            Advance;
         exception
            when others =>
               --  Boss would have ended here, silently, before this call
               Stage := -1;
               --  and never made it: its callee waits for ever
               requeue Worker_Start with abort;
         end Worker_Start;

         entry Job (V : out Integer)
           when Stage in 0 | 4
         is
         begin
            if Stage = 0 then
               Advance;
               requeue Job with abort;
            end if;
            case Stage is
               when 4 =>
                  V := Sum / 100;
               when others =>
                  null;
            end case;
            Advance;
         exception
            when others =>
               --  Boss would have ended here, silently, before this call
               Stage := -1;
               --  and never made it: its callee waits for ever
               requeue Job with abort;
         end Job;

      end Boss;

      T : Integer := 0;
   begin
      Boss.Start (100);
      Boss.Go;
      Boss.Finish (T);
      Put_Line ("boss total" & Integer'Image (T));
      begin
         Boss.Finish (T);
         Put_Line ("late Finish accepted");
      exception
         when Tasking_Error =>
            Late_Call_Failed := True;
      end;
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   Put_Line ("late call raised Tasking_Error: " & Boolean'Image (Late_Call_Failed));
   if Sums.Get = 4_410 and Late_Call_Failed then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
