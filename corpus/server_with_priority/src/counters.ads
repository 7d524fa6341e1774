--  A simple counter server whose task has an explicit priority.

with System;

package Counters is

   task Counter is
      pragma Priority (System.Default_Priority + 1);
      entry Increment (By : Positive);
      entry Value (V : out Natural);
   end Counter;

end Counters;
