--  Items are taken a batch at a time: Take_Pair waits until a batch is
--  ready.  The batch size is a constant known only at elaboration.

package Pairs is

   task Pairs is
      entry Give;
      entry Take_Pair;
      entry Count (N : out Natural);
   end Pairs;

   task Feeder;

   Batch : constant Positive := Positive'Value ("2");

end Pairs;
