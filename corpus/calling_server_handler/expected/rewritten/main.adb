--  Calling servers with exception handlers.  Each server hands numbers to
--  a crew of workers, then computes something that raises
--  Constraint_Error.  Averager's handler catches it and counts it;
--  Checker's handler catches only Program_Error, so Checker ends silently;
--  Auditor's handler counts the exception and raises it again, which ends
--  Auditor silently too.  Nobody else sees these exceptions: main prints
--  what the workers received and what the handlers counted.

with Ada.Exceptions;
with Ada.Task_Identification;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   --  Averager and Auditor count at the same time: the count is a protected
   --  object, where an atomic variable's "Handled := Handled + 1" could lose one
   protected type Counter is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Counter;

   Sums, Handled : Counter;

   protected body Counter is
      procedure Add (X : Integer) is
      begin
         S := S + X;
      end Add;
      function Get return Integer is (S);
   end Counter;

   procedure Run is

      task type Worker;

      task type Helper;

      task type Clerk;

      Crew_A : array (1 .. 3) of Worker;
      Crew_B : array (1 .. 2) of Helper;
      Crew_C : array (1 .. 2) of Clerk;

      protected Averager is
         entry Start (V : out Integer);
      private
         --  rdv2po: task Averager, a calling server, became this protected object;
         --  its workers call it for what Averager handed them. Stage is the call
         --  Averager makes next: 1 = Crew_A (I).Start (I * 10); 0 = not started;
         --  -1 = done (calls wait for ever, as for a task that has ended).
         Stage : Integer := 0;
         Total   : Integer := 0;
         Skipped : Integer := 0;
         Mean    : Integer := 0;
         I, I_Bound : Integer'Base;  --  loop at src/main.adb:86
         procedure Advance;
         procedure Recover (Error : Ada.Exceptions.Exception_Occurrence);
      end Averager;
      protected Checker is
         entry Start (V : out Integer);
      private
         --  rdv2po: task Checker, a calling server, became this protected object;
         --  its workers call it for what Checker handed them. Stage is the call
         --  Checker makes next: 1 = Crew_B (1).Start (100); 2 = Crew_B (2).Start
         --  (200); 0 = not started; -1 = done (calls wait for ever, as for a task
         --  that has ended).
         Stage : Integer := 0;
         Limit : Positive := 1;
         procedure Advance;
         procedure Recover (Error : Ada.Exceptions.Exception_Occurrence);
         function Is_Target (Caller : Ada.Task_Identification.Task_Id) return Boolean;
         procedure Wake;
         Start_Retry : Natural := 0;
         entry Start_Wait (V : out Integer);
      end Checker;
      protected Auditor is
         entry Start (V : out Integer);
      private
         --  rdv2po: task Auditor, a calling server, became this protected object;
         --  its workers call it for what Auditor handed them. Stage is the call
         --  Auditor makes next: 1 = Crew_C (1).Start (1_000); 2 = Crew_C (2).Start
         --  (2_000); 0 = not started; -1 = done (calls wait for ever, as for a
         --  task that has ended).
         Stage : Integer := 0;
         Steps : Natural := 0;
         procedure Advance;
         procedure Recover (Error : Ada.Exceptions.Exception_Occurrence);
         function Is_Target (Caller : Ada.Task_Identification.Task_Id) return Boolean;
         procedure Wake;
         Start_Retry : Natural := 0;
         entry Start_Wait (V : out Integer);
      end Auditor;

      task body Worker is
         Mine : Integer;
      begin
         declare
            V : Integer;
         begin
            Averager.Start (V);
            Mine := V;
         end;
         Sums.Add (Mine);
      end Worker;

      task body Helper is
         Mine : Integer;
      begin
         declare
            V : Integer;
         begin
            Checker.Start (V);
            Mine := V;
         end;
         Sums.Add (Mine);
      end Helper;

      task body Clerk is
         Mine : Integer;
      begin
         declare
            V : Integer;
         begin
            Auditor.Start (V);
            Mine := V;
         end;
         Sums.Add (Mine);
      end Clerk;

      protected body Averager is

         procedure Advance is
         begin
            case Stage is
               when 1 => goto Resume_1;
               when others => null;
            end case;
            --  for I in Crew_A'Range loop  (src/main.adb:86)
            I := Crew_A'First;
            I_Bound := Crew_A'Last;
            if I > I_Bound then
               goto End_Loop_1;
            end if;
            <<Loop_1>>
               Stage := 1;  --  Crew_A (I).Start (I * 10)
               return;
               <<Resume_1>>
               Total := Total + I * 10;
            if I = I_Bound then
               goto End_Loop_1;
            end if;
            I := Integer'Succ (I);
            goto Loop_1;
            <<End_Loop_1>>
            Mean := Total / Skipped;
            --  no job was skipped: raises
            Handled.Add (Mean);
            Stage := -1;
         exception
            when Error : others =>
               Recover (Error);
         end Advance;

         procedure Recover (Error : Ada.Exceptions.Exception_Occurrence) is
         begin
            --  Averager's exception handler, run where Averager ran it;
            --  Averager ended after it
            Stage := -1;
            begin
               Ada.Exceptions.Reraise_Occurrence (Error);
            exception
               when Constraint_Error =>
                  --  counted where Averager ran it
                  Handled.Add (1);
            end;
         exception
            when others =>
               null;  --  not handled, or raised by the handler: Averager ended silently
         end Recover;

         entry Start (V : out Integer)
           when Stage in 0 | 1
         is
         begin
            if Stage = 0 then
               Advance;
               requeue Start with abort;
            end if;
            case Stage is
               when 1 =>
                  V := I * 10;
               when others =>
                  null;
            end case;
            Advance;
         exception
            when Error : others =>
               Recover (Error);
               --  and never made it: its callee waits for ever
               requeue Start with abort;
         end Start;

      end Averager;

      protected body Checker is

         procedure Advance is
         begin
            case Stage is
               when 1 => goto Resume_1;
               when 2 => goto Resume_2;
               when others => null;
            end case;
            Stage := 1;  --  Crew_B (1).Start (100)
            return;
            <<Resume_1>>
            Stage := 2;  --  Crew_B (2).Start (200)
            return;
            <<Resume_2>>
            Limit := Limit - 1;
            --  Constraint_Error: not handled
            Handled.Add (1_000);
            Stage := -1;
         exception
            when Error : others =>
               Recover (Error);
         end Advance;

         procedure Recover (Error : Ada.Exceptions.Exception_Occurrence) is
         begin
            --  Checker's exception handler, run where Checker ran it;
            --  Checker ended after it
            Stage := -1;
            begin
               Ada.Exceptions.Reraise_Occurrence (Error);
            exception
               when Program_Error =>
                  Handled.Add (10);
            end;
         exception
            when others =>
               null;  --  not handled, or raised by the handler: Checker ended silently
         end Recover;

         function Is_Target (Caller : Ada.Task_Identification.Task_Id) return Boolean is
            use type Ada.Task_Identification.Task_Id;
         begin
            case Stage is
               when 1 => return Caller = Crew_B (1)'Identity;
               when 2 => return Caller = Crew_B (2)'Identity;
               when others => return False;
            end case;
         end Is_Target;

         procedure Wake is
         begin
            Start_Retry := Start_Wait'Count;
         end Wake;

         entry Start_Wait (V : out Integer)
           when Start_Retry > 0
         is
         begin
            Start_Retry := Start_Retry - 1;
            requeue Start with abort;
         end Start_Wait;

         entry Start (V : out Integer)
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
                  V := 100;
               when 2 =>
                  V := 200;
               when others =>
                  null;
            end case;
            Advance;
            Wake;
         exception
            when Error : others =>
               Recover (Error);
               --  and never made it: its callee waits for ever
               requeue Start with abort;
         end Start;

      end Checker;

      protected body Auditor is

         procedure Advance is
         begin
            case Stage is
               when 1 => goto Resume_1;
               when 2 => goto Resume_2;
               when others => null;
            end case;
            Stage := 1;  --  Crew_C (1).Start (1_000)
            return;
            <<Resume_1>>
            Steps := Steps + 1;
            Stage := 2;  --  Crew_C (2).Start (2_000)
            return;
            <<Resume_2>>
            Steps := Steps - 2;
            Stage := -1;
         exception
            when Error : others =>
               Recover (Error);
         end Advance;

         procedure Recover (Error : Ada.Exceptions.Exception_Occurrence) is
         begin
            --  Auditor's exception handler, run where Auditor ran it;
            --  Auditor ended after it
            Stage := -1;
            begin
               Ada.Exceptions.Reraise_Occurrence (Error);
            exception
               when others =>
                  Handled.Add (100);
                  raise;
            end;
         exception
            when others =>
               null;  --  not handled, or raised by the handler: Auditor ended silently
         end Recover;

         function Is_Target (Caller : Ada.Task_Identification.Task_Id) return Boolean is
            use type Ada.Task_Identification.Task_Id;
         begin
            case Stage is
               when 1 => return Caller = Crew_C (1)'Identity;
               when 2 => return Caller = Crew_C (2)'Identity;
               when others => return False;
            end case;
         end Is_Target;

         procedure Wake is
         begin
            Start_Retry := Start_Wait'Count;
         end Wake;

         entry Start_Wait (V : out Integer)
           when Start_Retry > 0
         is
         begin
            Start_Retry := Start_Retry - 1;
            requeue Start with abort;
         end Start_Wait;

         entry Start (V : out Integer)
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
                  V := 1_000;
               when 2 =>
                  V := 2_000;
               when others =>
                  null;
            end case;
            Advance;
            Wake;
         exception
            when Error : others =>
               Recover (Error);
               --  and never made it: its callee waits for ever
               requeue Start with abort;
         end Start;

      end Auditor;

   begin
      null;
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   Put_Line ("handled" & Integer'Image (Handled.Get));
   if Sums.Get = 3_360 and Handled.Get = 101 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
