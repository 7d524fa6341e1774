package body Buffers is

   task body Buffer is
      Slots : Slot_Array := (others => 0);
      Head  : Slot_Index := 1;    --  next to Get
      Tail  : Slot_Index := 1;    --  next free
      Count : Natural := 0;
      Total : Natural := 0;       --  items that went through
   begin
      loop
         select
            when Count < Size =>
               accept Put (Item : in Integer) do
                  Slots (Tail) := Item;
               end Put;
               Tail := Tail mod Size + 1;
               Count := Count + 1;
         or
            when Count > 0 =>
               accept Get (Item : out Integer) do
                  Item := Slots (Head);
               end Get;
               Head := Head mod Size + 1;
               Count := Count - 1;
               Total := Total + 1;
         or
            when Count = 0 =>
               accept Stop (Moved : out Natural) do
                  Moved := Total;
               end Stop;
               exit;
         end select;
      end loop;
   end Buffer;

end Buffers;
