--  Items are taken a batch at a time: Take_Pair waits until a batch is
--  ready.  The batch size is a constant known only at elaboration.

package Pairs is

   --  rdv2po: task Pairs became this protected object; its calls go on to
   --  Pairs_Rendezvous and its code runs in the task Pairs_Agent, both in the
   --  package body (general scheme)
   protected Pairs is
      entry Give;
      entry Take_Pair;
      entry Count (N : out Natural);
   end Pairs;

   task Feeder;

   Batch : constant Positive := Positive'Value ("2");

end Pairs;
