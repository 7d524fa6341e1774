--  Paper Figure 1 (b): an accepting server that serialises Acquire/Release
--  pairs and thereby guards a common resource (here: two counters).

package Resources is

   protected Resource is
      entry Acquire;
      entry Release;
   private
      --  rdv2po: task Resource became this protected object. Stage is where
      --  the task stood: 1 = select of Acquire; 2 = accept Release.
      Stage : Integer := 1;
   end Resource;

   --  The "resource": only touched between Resource.Acquire and
   --  Resource.Release, so the rendezvous with Resource protect it.
   Counter : Natural := 0;
   Holders : Natural := 0;  --  clients currently inside Acquire .. Release
   Overlaps : Natural := 0;  --  times a client found another one inside

end Resources;
