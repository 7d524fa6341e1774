--  A simple counter server whose task has an explicit priority.

with System;

package Counters is

   --  rdv2po: task Counter became this protected object; its calls go on to
   --  Counter_Rendezvous and its code runs in the task Counter_Agent, both in
   --  the package body (general scheme)
   protected Counter is
      entry Increment (By : Positive);
      entry Value (V : out Natural);
   end Counter;

end Counters;
