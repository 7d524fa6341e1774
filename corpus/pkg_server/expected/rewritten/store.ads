--  A bounded-buffer server task declared in a library package spec.

package Store is

   Capacity : constant := 4;

   type Keeper_Buffer_Array is array (0 .. Capacity - 1) of Integer;
   protected Keeper is
      entry Put (Item : Integer);
      entry Get (Item : out Integer);
      procedure Stored (Count : out Natural);
   private
      --  rdv2po: task Keeper became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Buffer : Keeper_Buffer_Array;
      Head   : Natural := 0;
      Tail   : Natural := 0;
      Length : Natural := 0;
      Total  : Natural := 0;
   end Keeper;

end Store;
