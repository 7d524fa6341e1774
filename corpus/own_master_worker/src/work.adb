package body Work is

   Per_Worker : constant := 2_500;

   task body Setup is
   begin
      for I in Pool'Range loop
         Pool (I).Start (I, (I - 1) * Per_Worker + 1, I * Per_Worker);
      end loop;
   end Setup;

   task body Worker is
      Me       : Worker_Id;
      Lo, Hi   : Positive;
      Sum      : Long_Integer := 0;
   begin
      accept Start (Id : Worker_Id; First, Last : Positive) do
         Me := Id;
         Lo := First;
         Hi := Last;
      end Start;
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
