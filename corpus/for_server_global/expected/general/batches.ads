--  A batch server: Open fixes the package variable Size, then Size items.
package Batches is

   Size : Natural := 0;

   --  rdv2po: task Batch became this protected object; its calls go on to
   --  Batch_Rendezvous and its code runs in the task Batch_Agent, both in the
   --  package body (general scheme)
   protected Batch is
      entry Open (N : Natural);
      entry Item (X : Integer; Sum : out Integer);
   end Batch;

end Batches;
