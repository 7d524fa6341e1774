--  Sizes of the Gauss-Seidel benchmark.

package Config is

   N               : constant := 64;   --  interior grid is N x N
   Workers         : constant := 16;   --  worker tasks, one band of rows each
   Rows_Per_Worker : constant := N / Workers;

   pragma Assert (Rows_Per_Worker * Workers = N);

end Config;
