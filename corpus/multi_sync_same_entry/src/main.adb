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

   task Machine is
      entry Step (X : in Integer);
      entry Other (C : out Counters);
   end Machine;

   task body Machine is
      Acc     : Integer;
      Bias    : Integer;
      Firsts  : Natural;
      Seconds : Natural;
      Cycles  : Natural;
   begin
      --  stmt0: initialisation before the server loop
      Acc := 1;
      Bias := 7;
      Firsts := 0;
      Seconds := 0;
      Cycles := 0;

      loop
         --  stmt1: start of a cycle
         Acc := Acc mod Modulus;

         select
            accept Step (X : in Integer) do           --  sync point 1
               Acc := Acc + X;
            end Step;
         or
            terminate;
         end select;

         --  stmt2
         Firsts := Firsts + 1;
         Acc := Acc * 3;

         accept Step (X : in Integer) do              --  sync point 2
            Acc := Acc - X;
         end Step;

         --  stmt3
         Seconds := Seconds + 1;
         Acc := (Acc + Bias) mod Modulus;

         accept Other (C : out Counters) do           --  sync point 3
            C := (Firsts => Firsts, Seconds => Seconds,
                  Cycles => Cycles, Acc => Acc);
         end Other;

         --  stmt4: end of a cycle
         Cycles := Cycles + 1;
         Bias := (Bias * 5 + Cycles) mod 13;
      end loop;
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
