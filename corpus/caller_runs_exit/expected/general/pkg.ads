--  A library-level printer task: its declaration in a package spec, its
--  body in the package body; callers in another unit.
package Pkg is
   --  rdv2po: task Printer became this protected object; its calls go on to
   --  Printer_Rendezvous and its code runs in the task Printer_Agent, both in
   --  the package body (general scheme)
   protected Printer is
      entry Print (N : Integer);
      entry Total (Value : out Integer);
      entry Quit;
   end Printer;
end Pkg;
