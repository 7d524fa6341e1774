--  Paper Figure 1 (b): an accepting server that serialises Acquire/Release
--  pairs and thereby guards a common resource (here: two counters).

package Resources is

   --  rdv2po: task Resource became this protected object; its calls go on to
   --  Resource_Rendezvous and its code runs in the task Resource_Agent, both
   --  in the package body (general scheme)
   protected Resource is
      entry Acquire;
      entry Release;
   end Resource;

   --  The "resource": only touched between Resource.Acquire and
   --  Resource.Release, so the rendezvous with Resource protect it.
   Counter : Natural := 0;
   Holders : Natural := 0;  --  clients currently inside Acquire .. Release
   Overlaps : Natural := 0;  --  times a client found another one inside

end Resources;
