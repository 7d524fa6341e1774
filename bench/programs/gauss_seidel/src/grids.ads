--  The shared grid and the red-black Gauss-Seidel sweep.  Interior cells
--  are 1 .. N in both directions; rows and columns 0 and N + 1 hold the
--  fixed boundary values.  A sweep of one colour reads only cells of the
--  other colour, so the bands of rows can be swept in parallel within a
--  colour phase, and the result is bit-identical to a sequential sweep.

with Config; use Config;

package Grids is

   type Grid is array (0 .. N + 1, 0 .. N + 1) of Long_Float;

   type Colour is (Red, Black);

   --  The grid the workers relax, in place.
   U : Grid;

   --  Iterations (one red and one black phase each); set before the
   --  workers start.
   Iterations : Positive := 1;

   --  Put U in its initial state: boundary values, interior zero.
   procedure Initialise;

   --  Relax the cells of colour C in rows First_Row .. Last_Row of U.
   procedure Relax (First_Row, Last_Row : Positive; C : Colour);

   --  Sum of the interior of U.
   function Interior_Sum return Long_Float;

end Grids;
