--  A library-level printer task: its declaration in a package spec, its
--  body in the package body; callers in another unit.
package Pkg is
   package Printer is
      procedure Print (N : Integer);
      procedure Total (Value : out Integer);
      procedure Quit;
   end Printer;
end Pkg;
