--  Paper Figure 1 (b): an accepting server that serialises Acquire/Release
--  pairs and thereby guards a common resource (here: two counters).

package Resources is

   type Resource_Entry is
     (Resource_No_Entry,
      Resource_Acquire,
      Resource_Release);
   type Resource_Alternative is record
      Id : Resource_Entry := Resource_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Resource_Alternative_List is array (Positive range <>) of Resource_Alternative;
   --  rdv2po: task Resource became this protected object; its code runs in the
   --  task Resource_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Resource is
      entry Acquire;
      entry Release;
      --  rdv2po: the rendezvous protocol, for Resource_Agent
      entry Select_Arm
        (Order : Resource_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Acquire_Held;
      procedure Acquire_Woken;
      procedure Acquire_Take;
      entry Release_Accept_Begin;
      procedure Close;
   private
      entry Select_Wait
        (Order : Resource_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Resource_Alternative);
      function Queued (Alternative : Resource_Alternative) return Boolean;
      function Position_Of (Alternative : Resource_Alternative) return Natural;
      Armed_List : Resource_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Resource_Entry := Resource_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Acquire_Armed : Boolean := False;
   end Resource;
   task Resource_Agent is
      --  rdv2po: general scheme agent of Resource
      entry Wake_1 (Positive range 1 .. 1);
   end Resource_Agent;

   --  The "resource": only touched between Resource.Acquire and
   --  Resource.Release, so the rendezvous with Resource protect it.
   Counter : Natural := 0;
   Holders : Natural := 0;  --  clients currently inside Acquire .. Release
   Overlaps : Natural := 0;  --  times a client found another one inside

end Resources;
