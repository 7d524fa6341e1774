--  Zähler: a counting server.  This file is UTF-8 with a byte order
--  mark and CRLF line endings (as saved by some Windows editors).

package Counters is

   --  rdv2po: task Counter became this protected object; its calls go on to
   --  Counter_Rendezvous and its code runs in the task Counter_Agent, both in
   --  the package body (general scheme)
   protected Counter is
      entry Increment (By : in Positive);
      --  Zähler += By
      entry Value (V : out Natural; Calls : out Natural);
   end Counter;

end Counters;
