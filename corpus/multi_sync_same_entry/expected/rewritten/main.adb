--  An accepting server whose loop has three synchronisation points, two
--  of them for the same entry Step (with different accept bodies), then a
--  query entry Other that hands the task-local counters out through out
--  parameters.  Statements run before the loop (stmt0) and between the
--  synchronisation points (stmt2/stmt3 of the paper's Figure 5).
--
--  The task Stepper calls Step, Main calls Other: the server's sequence
--  Step, Step, Other fixes the interleaving, so the outcome is fixed.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Cycles_Wanted : constant := 200;
   Modulus       : constant := 10_007;

   type Counters is record
      Firsts  : Natural;   --  first Step of a cycle accepted
      Seconds : Natural;   --  second Step of a cycle accepted
      Cycles  : Natural;   --  completed cycles before this Other
      Acc     : Integer;   --  accumulator value handed out by Other
   end record;

   protected Machine is
      entry Step (X : in Integer);
      entry Other (C : out Counters);
   private
      --  rdv2po: task Machine became this protected object. Stage is where
      --  the task stood: 1 = select of Step; 2 = accept Step; 3 = accept
      --  Other; 0 = ended (calls raise Tasking_Error); -1 = not started
      --  (Start_Up runs at the first call).
      Stage : Integer := -1;
      Acc     : Integer;
      Bias    : Integer;
      Firsts  : Natural;
      Seconds : Natural;
      Cycles  : Natural;
      procedure Start_Up;
   end Machine;

   protected body Machine is

      --  rdv2po: comments of the task body, kept:
      --  stmt0: initialisation before the server loop
      --  stmt1: start of a cycle
      --  sync point 1
      --  sync point 2
      --  sync point 3

      procedure Start_Up is
      begin
         Stage := 1;
         Acc := 1;
         Bias := 7;
         Firsts := 0;
         Seconds := 0;
         Cycles := 0;
         begin
            Acc := Acc mod Modulus;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start_Up;

      entry Step (X : in Integer)
        when Stage <= 0 or else Stage = 1 or else Stage = 2
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Step with abort;
         end if;
         if Stage = 1 then
            begin
               Acc := Acc + X;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Stage := 2;
            begin
               --  stmt2
               Firsts := Firsts + 1;
               Acc := Acc * 3;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
         elsif Stage = 2 then
            begin
               Acc := Acc - X;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Stage := 3;
            begin
               --  stmt3
               Seconds := Seconds + 1;
               Acc := (Acc + Bias) mod Modulus;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
         end if;
      end Step;

      entry Other (C : out Counters) when Stage <= 0 or else Stage = 3 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Other with abort;
         end if;
         begin
            C := (Firsts => Firsts, Seconds => Seconds,
                  Cycles => Cycles, Acc => Acc);
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            --  stmt4: end of a cycle
            Cycles := Cycles + 1;
            Bias := (Bias * 5 + Cycles) mod 13;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         begin
            Acc := Acc mod Modulus;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Other;

   end Machine;

   task Stepper;

   task body Stepper is
   begin
      for I in 1 .. 2 * Cycles_Wanted loop
         Machine.Step (I);
      end loop;
   end Stepper;

   C        : Counters;
   Checksum : Natural := 0;

   --  The same computation, sequentially, as reference
   Ref_Acc  : Integer := 1;
   Ref_Bias : Integer := 7;
   Ref_Sum  : Natural := 0;

begin
   for I in 1 .. Cycles_Wanted loop
      Machine.Other (C);
      Checksum := (Checksum * 7 + C.Acc) mod Modulus;
   end loop;

   for I in 1 .. Cycles_Wanted loop
      Ref_Acc := Ref_Acc mod Modulus;
      Ref_Acc := (Ref_Acc + (2 * I - 1)) * 3;
      Ref_Acc := Ref_Acc - 2 * I;
      Ref_Acc := (Ref_Acc + Ref_Bias) mod Modulus;
      Ref_Sum := (Ref_Sum * 7 + Ref_Acc) mod Modulus;
      Ref_Bias := (Ref_Bias * 5 + I) mod 13;
   end loop;

   Put_Line ("Firsts  :" & Natural'Image (C.Firsts));
   Put_Line ("Seconds :" & Natural'Image (C.Seconds));
   Put_Line ("Cycles  :" & Natural'Image (C.Cycles));
   Put_Line ("Last acc:" & Integer'Image (C.Acc));
   Put_Line ("Checksum:" & Natural'Image (Checksum));
   if C.Firsts = Cycles_Wanted
     and then C.Seconds = Cycles_Wanted
     and then C.Cycles = Cycles_Wanted - 1
     and then C.Acc = Ref_Acc
     and then Checksum = Ref_Sum
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
   --  Main now waits for Stepper (done) and Machine (terminate at point 1)
end Main;
