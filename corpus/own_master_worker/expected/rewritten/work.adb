package body Work is

   Per_Worker : constant := 2_500;

   protected body Setup is

      procedure Advance is
      begin
         case Stage is
            when 1 => goto Resume_1;
            when others => null;
         end case;
         --  for I in Pool'Range loop  (src/work.adb:7)
         I := Pool'First;
         I_Bound := Pool'Last;
         if I > I_Bound then
            goto End_Loop_1;
         end if;
         <<Loop_1>>
            Stage := 1;  --  Pool (I).Start (I, (I - 1) * Per_Worker + 1, I * Per_Worker)
            return;
            <<Resume_1>>
         if I = I_Bound then
            goto End_Loop_1;
         end if;
         I := Integer'Succ (I);
         goto Loop_1;
         <<End_Loop_1>>
         Stage := -1;
      end Advance;

      entry Start (Id : out Worker_Id; First, Last : out Positive)
        when Stage in 0 | 1
      is
      begin
         if Stage = 0 then
            Advance;
            requeue Start with abort;
         end if;
         case Stage is
            when 1 =>
               Id := I;
               First := (I - 1) * Per_Worker + 1;
               Last := I * Per_Worker;
            when others =>
               null;
         end case;
         Advance;
      exception
         when others =>
            --  Setup would have ended here; who waits for it waits for ever
            Stage := -1;
            requeue Start with abort;
      end Start;

   end Setup;

   task body Worker is
      Me       : Worker_Id;
      Lo, Hi   : Positive;
      Sum      : Long_Integer := 0;
   begin
      declare
         Id : Worker_Id;
         First, Last : Positive;
      begin
         Setup.Start (Id, First, Last);
         Me := Id;
         Lo := First;
         Hi := Last;
      end;
      for K in Lo .. Hi loop
         if K mod 3 = 0 or K mod 5 = 0 then
            Sum := Sum + Long_Integer (K);
         end if;
      end loop;
      Results.Deliver (Me, Sum);
   end Worker;

   task body Results is
      Got      : Sums := (others => 0);
      Received : Natural := 0;
   begin
      while Received < Workers loop
         accept Deliver (Id : Worker_Id; Sum : Long_Integer) do
            Got (Id) := Sum;
         end Deliver;
         Received := Received + 1;
      end loop;
      accept Collect (All_Sums : out Sums) do
         All_Sums := Got;
      end Collect;
   end Results;

end Work;
