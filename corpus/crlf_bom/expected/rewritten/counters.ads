--  Zähler: a counting server.  This file is UTF-8 with a byte order
--  mark and CRLF line endings (as saved by some Windows editors).

package Counters is

   protected Counter is
      procedure Increment (By : in Positive);   --  Zähler += By
      procedure Value (V : out Natural; Calls : out Natural);
   private
      --  rdv2po: task Counter became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Total : Natural := 0;  --  Zählerstand
      N     : Natural := 0;
   end Counter;

end Counters;
