--  A task type taken for a calling server: Boss has a discriminant (the
--  base of the jobs it hands out) and one object, B.  Boss hands Base + I
--  to each worker of Pool and then accepts Finish, which reports the
--  total.  The type becomes a protected type with the same discriminant;
--  B stays declared as it was, and the workers call B.

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

   procedure Run is

      task type Worker;

      Pool : array (1 .. 4) of Worker;

      protected type Boss (Base : Integer) is
         entry Finish (Total : out Integer);
         entry Start (V : out Integer);
      private
         --  rdv2po: task type Boss, a calling server whose one object is B, became
         --  this protected type; its workers call it for what Boss handed them.
         --  Stage is the call Boss makes next: 1 = Pool (I).Start (Base + I); 2 =
         --  accept Finish; 0 = not started; -1 = done (the workers' calls wait for
         --  ever, as for a task that has ended; calls of Boss's own entries raise
         --  Tasking_Error).
         Stage : Integer := 0;
         Sum : Integer := 0;
         I, I_Bound : Integer'Base;  --  loop at src/main.adb:52
         procedure Advance;
      end Boss;

      B : Boss (100);

      task body Worker is
         Mine : Integer;
      begin
         declare
            V : Integer;
         begin
            B.Start (V);
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
               when others => null;
            end case;
            --  for I in Pool'Range loop  (src/main.adb:52)
            I := Pool'First;
            I_Bound := Pool'Last;
            if I > I_Bound then
               goto End_Loop_1;
            end if;
            <<Loop_1>>
               Stage := 1;  --  Pool (I).Start (Base + I)
               return;
               <<Resume_1>>
               Sum := Sum + Base + I;
            if I = I_Bound then
               goto End_Loop_1;
            end if;
            I := Integer'Succ (I);
            goto Loop_1;
            <<End_Loop_1>>
            Stage := 2;  --  accept Finish
            return;
            <<Resume_2>>
            Stage := -1;
         exception
            when others =>
               --  Boss would have ended here, silently
               Stage := -1;
         end Advance;

         entry Finish (Total : out Integer)
           when Stage in 0 | -1 | 2
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
                  V := Base + I;
               when others =>
                  null;
            end case;
            Advance;
         exception
            when others =>
               --  Boss would have ended here, silently, before this call
               Stage := -1;
               --  and never made it: its callee waits for ever
               requeue Start with abort;
         end Start;

      end Boss;

      T : Integer := 0;
   begin
      B.Finish (T);
      Put_Line ("boss total" & Integer'Image (T));
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   if Sums.Get = 410 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
