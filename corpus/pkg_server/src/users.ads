--  Callers of Store.Keeper living in another unit.

package Users is

   Items : constant := 20;

   task Producer;

   procedure Put_Extra (Item : Integer);
   --  Calls Store.Keeper.Put with a fully qualified name.

   procedure Drain (Count : Natural; Sum, Last : out Integer);
   --  Takes Count items out of the store (through "use Store").

end Users;
