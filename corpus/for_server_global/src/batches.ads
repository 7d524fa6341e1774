--  A batch server: Open fixes the package variable Size, then Size items.
package Batches is

   Size : Natural := 0;

   task Batch is
      entry Open (N : Natural);
      entry Item (X : Integer; Sum : out Integer);
   end Batch;

end Batches;
