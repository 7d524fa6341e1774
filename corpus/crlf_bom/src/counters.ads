--  Zähler: a counting server.  This file is UTF-8 with a byte order
--  mark and CRLF line endings (as saved by some Windows editors).

package Counters is

   task Counter is
      entry Increment (By : in Positive);   --  Zähler += By
      entry Value (V : out Natural; Calls : out Natural);
   end Counter;

end Counters;
