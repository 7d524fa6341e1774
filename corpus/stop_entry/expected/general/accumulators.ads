--  An accepting server without a terminate alternative: it leaves its
--  loop (and so terminates) when its Stop entry is accepted.

package Accumulators is

   --  rdv2po: task Accumulator became this protected object; its calls go on
   --  to Accumulator_Rendezvous and its code runs in the task
   --  Accumulator_Agent, both in the package body (general scheme)
   protected Accumulator is
      entry Add (X : in Integer);
      entry Get (Total : out Integer; Count : out Natural);
      entry Stop;
   end Accumulator;

end Accumulators;
