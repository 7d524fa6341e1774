--  An accepting server without a terminate alternative: it leaves its
--  loop (and so terminates) when its Stop entry is accepted.

package Accumulators is

   protected Accumulator is
      procedure Add (X : in Integer);
      procedure Get (Total : out Integer; Count : out Natural);
      procedure Stop;
   private
      --  rdv2po: task Accumulator became this protected object. Ended: the
      --  task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
      N   : Natural := 0;
   end Accumulator;

end Accumulators;
