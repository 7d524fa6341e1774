package body Store is

   task body Keeper is
      Buffer : array (0 .. Capacity - 1) of Integer;
      Head   : Natural := 0;
      Tail   : Natural := 0;
      Length : Natural := 0;
      Total  : Natural := 0;
   begin
      loop
         select
            when Length < Capacity =>
               accept Put (Item : Integer) do
                  Buffer (Tail) := Item;
               end Put;
               Tail := (Tail + 1) mod Capacity;
               Length := Length + 1;
               Total := Total + 1;
         or
            when Length > 0 =>
               accept Get (Item : out Integer) do
                  Item := Buffer (Head);
               end Get;
               Head := (Head + 1) mod Capacity;
               Length := Length - 1;
         or
            accept Stored (Count : out Natural) do
               Count := Total;
            end Stored;
         or
            terminate;
         end select;
      end loop;
   end Keeper;

end Store;
