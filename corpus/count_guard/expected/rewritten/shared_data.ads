--  Readers/writers with writer preference: the guard of Start_Read uses
--  Start_Write'Count, so no new reader gets in while a writer is waiting.

package Shared_Data is

   protected Control is
      entry Start_Read;
      entry End_Read;
      entry Start_Write;
      entry End_Write;
      entry Report (Reads, Writes, Violations : out Natural);
   private
      --  rdv2po: task Control became this protected object. Stage is where
      --  the task stood: 1 = select of
      --  Start_Read/End_Read/Start_Write/End_Write/Report; 0 = ended (calls
      --  raise Tasking_Error).
      Stage : Integer := 1;
      Readers         : Natural := 0;
      Writing         : Boolean := False;
      Started_Reads   : Natural := 0;
      Finished_Writes : Natural := 0;
      Bad             : Natural := 0;
   end Control;

   --  The shared data: A and B are always equal outside a write
   A, B : Natural := 0;

end Shared_Data;
