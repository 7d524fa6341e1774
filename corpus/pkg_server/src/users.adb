with Store;

package body Users is

   task body Producer is
   begin
      for I in 1 .. Items loop
         Store.Keeper.Put (I * I);
      end loop;
   end Producer;

   procedure Put_Extra (Item : Integer) is
   begin
      Store.Keeper.Put (Item);
   end Put_Extra;

   procedure Drain (Count : Natural; Sum, Last : out Integer) is
      use Store;
      Item : Integer;
   begin
      Sum := 0;
      Last := 0;
      for I in 1 .. Count loop
         Keeper.Get (Item);
         --  A single producer and a FIFO buffer: items arrive in order.
         pragma Assert (Item > Last);
         Sum := Sum + Item;
         Last := Item;
      end loop;
   end Drain;

end Users;
