--  A bounded-buffer server task declared in a library package spec.

package Store is

   Capacity : constant := 4;

   --  rdv2po: task Keeper became this protected object; its calls go on to
   --  Keeper_Rendezvous and its code runs in the task Keeper_Agent, both in
   --  the package body (general scheme)
   protected Keeper is
      entry Put (Item : Integer);
      entry Get (Item : out Integer);
      entry Stored (Count : out Natural);
   end Keeper;

end Store;
