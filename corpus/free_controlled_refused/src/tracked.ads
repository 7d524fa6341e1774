with Ada.Finalization;
package Tracked is
   --  Finalize writes a line: freeing a Cell runs it, potentially blocking
   type Cell is new Ada.Finalization.Controlled with record
      Value : Integer := 0;
   end record;
   overriding procedure Finalize (C : in out Cell);

   --  a record holding a Cell: freeing it finalizes the Cell too
   type Holder is record
      Inner : Cell;
   end record;

   type Cell_Access is access Cell;
   type Holder_Access is access Holder;
end Tracked;
