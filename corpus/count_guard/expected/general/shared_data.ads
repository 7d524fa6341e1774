--  Readers/writers with writer preference: the guard of Start_Read uses
--  Start_Write'Count, so no new reader gets in while a writer is waiting.

package Shared_Data is

   --  rdv2po: task Control became this protected object; its calls go on to
   --  Control_Rendezvous and its code runs in the task Control_Agent, both in
   --  the package body (general scheme)
   protected Control is
      entry Start_Read;
      entry End_Read;
      entry Start_Write;
      entry End_Write;
      entry Report (Reads, Writes, Violations : out Natural);
   end Control;

   --  The shared data: A and B are always equal outside a write
   A, B : Natural := 0;

end Shared_Data;
