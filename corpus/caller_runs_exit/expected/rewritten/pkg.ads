--  A library-level printer task: its declaration in a package spec, its
--  body in the package body; callers in another unit.
with Ada.Finalization;
package Pkg is
   package Printer is
      procedure Print (N : Integer);
      procedure Total (Value : out Integer);
      procedure Quit;
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Printer;
end Pkg;
