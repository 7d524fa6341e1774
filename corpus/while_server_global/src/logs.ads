--  A logger that runs while a package flag is clear.
package Logs is

   Stopping : Boolean := False;
   pragma Atomic (Stopping);

   task Logger is
      entry Log (X : Integer);
      entry Flush (Sum : out Integer);
      entry Stop;
   end Logger;

end Logs;
