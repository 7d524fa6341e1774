--  The loop scaffolding of the micro-benchmarks, after Clapp et al.: the
--  loop counter is advanced by a procedure whose body the optimiser cannot
--  see from the loop, and a control call runs in both the control loop and
--  the test loop, so that the two loops differ only by the operation
--  measured and neither can be folded away.

package Loops is

   procedure Increment (I : in out Natural);

   procedure Control;

   --  How many times Control ran (read at the end, so it is not dead code).
   function Controls return Natural;

end Loops;
