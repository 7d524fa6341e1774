--  Master/worker after the paper's Gauss-Seidel set-up: a Setup task hands
--  each worker its slice (a calling server), the workers deliver partial
--  results to a Results task (an accepting server).
package Work is
   Workers : constant := 4;
   subtype Worker_Id is Positive range 1 .. Workers;

   task Setup;

   task type Worker is
      entry Start (Id : Worker_Id; First, Last : Positive);
   end Worker;

   Pool : array (Worker_Id) of Worker;

   type Sums is array (Worker_Id) of Long_Integer;

   --  rdv2po: task Results became this protected object; its calls go on to
   --  Results_Rendezvous and its code runs in the task Results_Agent, both in
   --  the package body (general scheme)
   protected Results is
      entry Deliver (Id : Worker_Id; Sum : Long_Integer);
      entry Collect (All_Sums : out Sums);
   end Results;
end Work;
