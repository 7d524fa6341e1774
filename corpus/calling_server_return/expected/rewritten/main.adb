--  A calling server whose accept bodies return early: Boss accepts a base
--  (a negative one is taken as -2, and the accept body returns at once),
--  hands Base + I to each worker, then reports the total through Finish
--  (returning early when nothing was handed out).  A return ends the
--  rendezvous only: Boss goes on with its next statements, as the object's
--  entry does past the accept body's code.
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

   procedure Run (Base : Integer) is

      task type Worker;

      Pool : array (1 .. 3) of Worker;

      protected Boss is
         entry Start (Base : Integer);
         entry Finish (Total : out Integer);
         entry Worker_Start (V : out Integer);
      private
         --  rdv2po: task Boss, a calling server, became this protected object; its
         --  workers call it for what Boss handed them. Stage is the call Boss
         --  makes next: 1 = accept Start; 2 = Pool (I).Start (First + I); 3 =
         --  accept Finish; 0 = not started; -1 = done (the workers' calls wait for
         --  ever, as for a task that has ended; calls of Boss's own entries raise
         --  Tasking_Error).
         Stage : Integer := 0;
         First : Integer := 0;
         Sum   : Integer := 0;
         I, I_Bound : Integer'Base;  --  loop at src/main.adb:59
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

      protected body Boss is

         procedure Advance is
         begin
            case Stage is
               when 1 => goto Resume_1;
               when 2 => goto Resume_2;
               when 3 => goto Resume_3;
               when others => null;
            end case;
            Stage := 1;  --  accept Start
            return;
            <<Resume_1>>
            --  for I in Pool'Range loop  (src/main.adb:59)
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
            Stage := 3;  --  accept Finish
            return;
            <<Resume_3>>
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
            begin
               if Base < 0 then
                  First := -2;
                  goto Accepted;
               end if;
               First := Base;
            exception
               when others =>
                  --  Boss would have ended here, silently
                  Stage := -1;
                  raise;  --  the caller saw it too
            end;
            <<Accepted>>
            Advance;
         end Start;

         entry Finish (Total : out Integer)
           when Stage in 0 | -1 | 3
         is
         begin
            if Stage = -1 then
               raise Tasking_Error;  --  the task has ended
            elsif Stage = 0 then
               Advance;
               requeue Finish with abort;
            end if;
            begin
               Total := -1;
               if Sum = 0 then
                  goto Accepted;
               end if;
               Total := Sum;
            exception
               when others =>
                  --  Boss would have ended here, silently
                  Stage := -1;
                  raise;  --  the caller saw it too
            end;
            <<Accepted>>
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

      end Boss;

      Total : Integer;
   begin
      Boss.Start (Base);
      Boss.Finish (Total);
      Put_Line ("base" & Base'Image & ": boss total" & Total'Image);
   end Run;

begin
   Run (10);
   Run (-5);
   Put_Line ("received" & Sums.Get'Image);
   Put_Line ("PASSED");
end Main;
