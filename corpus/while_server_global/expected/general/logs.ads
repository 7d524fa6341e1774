--  A logger that runs while a package flag is clear.
package Logs is

   Stopping : Boolean := False;
   pragma Atomic (Stopping);

   --  rdv2po: task Logger became this protected object; its calls go on to
   --  Logger_Rendezvous and its code runs in the task Logger_Agent, both in
   --  the package body (general scheme)
   protected Logger is
      entry Log (X : Integer);
      entry Flush (Sum : out Integer);
      entry Stop;
   end Logger;

end Logs;
