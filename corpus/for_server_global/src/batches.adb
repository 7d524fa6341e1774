package body Batches is

   task body Batch is
      Total : Integer := 0;
   begin
      accept Open (N : Natural) do
         Size := N;
      end Open;
      for I in 1 .. Size loop
         accept Item (X : Integer; Sum : out Integer) do
            Total := Total + X * I;
            Sum := Total;
         end Item;
      end loop;
   end Batch;

end Batches;
