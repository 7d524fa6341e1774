--  A bounded-buffer server task declared in a library package spec.

package Store is

   Capacity : constant := 4;

   task Keeper is
      entry Put (Item : Integer);
      entry Get (Item : out Integer);
      entry Stored (Count : out Natural);
   end Keeper;

end Store;
