--  Items are taken a batch at a time: Take_Pair waits until a batch is
--  ready.  The batch size is a constant known only at elaboration.

package Pairs is

   protected Pairs is
      procedure Give;
      entry Take_Pair;
      procedure Count (N : out Natural);
   private
      --  rdv2po: task Pairs became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Ready : Natural := 0;
      Taken : Natural := 0;
   end Pairs;

   task Feeder;

   Batch : constant Positive := Positive'Value ("2");

end Pairs;
