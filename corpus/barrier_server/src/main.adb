--  Gauss-Seidel (red-black, 1-D Laplace) with a barrier server task: per
--  phase, the Barrier accepts Arrive once from each of the N workers
--  (summing their partial residuals), then Depart N times (handing out
--  the global residual).  Integer arithmetic keeps the result exact.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Workers    : constant := 4;
   Per_Worker : constant := 8;
   Iterations : constant := 30;
   Last_Cell  : constant := Workers * Per_Worker + 1;

   type Grid is array (0 .. Last_Cell) of Long_Integer;

   Initial : constant Grid :=
     (0 => 1_000_000, Last_Cell => -200_000, others => 0);

   U : Grid := Initial;

   task Barrier is
      entry Arrive (Partial : Long_Integer);
      entry Depart (Global : out Long_Integer);
      entry Report (Phases : out Natural; Checksum : out Long_Integer);
   end Barrier;

   task body Barrier is
      Sum       : Long_Integer := 0;
      Phase_Cnt : Natural := 0;
      Check     : Long_Integer := 0;
   begin
      loop
         select
            accept Arrive (Partial : Long_Integer) do
               Sum := Partial;
            end Arrive;
            for I in 2 .. Workers loop
               accept Arrive (Partial : Long_Integer) do
                  Sum := Sum + Partial;
               end Arrive;
            end loop;
            for I in 1 .. Workers loop
               accept Depart (Global : out Long_Integer) do
                  Global := Sum;
               end Depart;
            end loop;
            Phase_Cnt := Phase_Cnt + 1;
            Check := Check + Sum * Long_Integer (Phase_Cnt);
         or
            accept Report (Phases : out Natural; Checksum : out Long_Integer)
            do
               Phases := Phase_Cnt;
               Checksum := Check;
            end Report;
         or
            terminate;
         end select;
      end loop;
   end Barrier;

   task type Worker is
      entry Start (Id : Positive);
   end Worker;

   task body Worker is
      Lo, Hi   : Positive;
      Old      : Long_Integer;
      Partial  : Long_Integer;
      Residual : Long_Integer;
   begin
      accept Start (Id : Positive) do
         Lo := (Id - 1) * Per_Worker + 1;
         Hi := Id * Per_Worker;
      end Start;
      for K in 1 .. Iterations loop
         for Colour in 0 .. 1 loop
            Partial := 0;
            for I in Lo .. Hi loop
               if I mod 2 = Colour then
                  Old := U (I);
                  U (I) := (U (I - 1) + U (I + 1)) / 2;
                  Partial := Partial + abs (U (I) - Old);
               end if;
            end loop;
            Barrier.Arrive (Partial);
            Barrier.Depart (Residual);
         end loop;
         exit when Residual = 0;
      end loop;
   end Worker;

   Phases   : Natural;
   Checksum : Long_Integer;
   Total    : Long_Integer := 0;

   --  The same computation, sequentially.
   Reference : Grid := Initial;
   Ref_Check : Long_Integer := 0;
   Ref_Phase : Natural := 0;
   Residual  : Long_Integer;
   Old       : Long_Integer;

begin
   declare
      Crew : array (1 .. Workers) of Worker;
   begin
      for I in Crew'Range loop
         Crew (I).Start (I);
      end loop;
   end;
   Barrier.Report (Phases, Checksum);
   for I in U'Range loop
      Total := Total + U (I);
   end loop;
   Put_Line ("phases" & Natural'Image (Phases));
   Put_Line ("residual checksum" & Long_Integer'Image (Checksum));
   Put_Line ("u(1)" & Long_Integer'Image (U (1)) &
             " u(16)" & Long_Integer'Image (U (16)) &
             " u(32)" & Long_Integer'Image (U (32)));
   Put_Line ("sum of u" & Long_Integer'Image (Total));
   for K in 1 .. Iterations loop
      for Colour in 0 .. 1 loop
         Residual := 0;
         for I in 1 .. Last_Cell - 1 loop
            if I mod 2 = Colour then
               Old := Reference (I);
               Reference (I) := (Reference (I - 1) + Reference (I + 1)) / 2;
               Residual := Residual + abs (Reference (I) - Old);
            end if;
         end loop;
         Ref_Phase := Ref_Phase + 1;
         Ref_Check := Ref_Check + Residual * Long_Integer (Ref_Phase);
      end loop;
      exit when Residual = 0;
   end loop;
   if Phases = Ref_Phase
     and then Checksum = Ref_Check
     and then U = Reference
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
