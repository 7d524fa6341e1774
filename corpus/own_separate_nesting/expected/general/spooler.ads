--  A print spooler in a package, its task body a subunit (separate);
--  plus tasks declared in a subprogram (called twice) and in a declare
--  block, all printing through the spooler in a fixed order.
package Spooler is
   --  rdv2po: task Queue became this protected object; its calls go on to
   --  Queue_Rendezvous and its code runs in the task Queue_Agent, both in the
   --  package body (general scheme)
   protected Queue is
      entry Submit (Job : String; Pages : Positive := 1);
      entry Flush (Jobs, Pages : out Natural);
   end Queue;
end Spooler;
