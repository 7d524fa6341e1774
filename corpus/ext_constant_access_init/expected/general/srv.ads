with Glob;
package Srv is
   --  rdv2po: task Server became this protected object; its calls go on to
   --  Server_Rendezvous and its code runs in the task Server_Agent, both in
   --  the package body (general scheme)
   protected Server is
      entry Get (V : out Integer);
   end Server;
   Dummy : Integer := Glob.Set (5);
end Srv;
