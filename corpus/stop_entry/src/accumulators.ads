--  An accepting server without a terminate alternative: it leaves its
--  loop (and so terminates) when its Stop entry is accepted.

package Accumulators is

   task Accumulator is
      entry Add (X : in Integer);
      entry Get (Total : out Integer; Count : out Natural);
      entry Stop;
   end Accumulator;

end Accumulators;
