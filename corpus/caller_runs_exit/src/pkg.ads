--  A library-level printer task: its declaration in a package spec, its
--  body in the package body; callers in another unit.
package Pkg is
   task Printer is
      entry Print (N : Integer);
      entry Total (Value : out Integer);
      entry Quit;
   end Printer;
end Pkg;
