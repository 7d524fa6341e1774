package body Buffers is

   task body Buffer is
      Items : Item_Array := (others => 0);
      Head  : Positive := 1;
      Tail  : Positive := 1;
      Count : Natural := 0;
   begin
      loop
         select
            when Count < Capacity =>
               accept Put (X : in Integer) do
                  Items (Tail) := X;
               end Put;
               Tail := Tail mod Capacity + 1;
               Count := Count + 1;
         or
            when Count > 0 =>
               accept Get (X : out Integer) do
                  X := Items (Head);
               end Get;
               Head := Head mod Capacity + 1;
               Count := Count - 1;
         or
            terminate;
         end select;
      end loop;
   end Buffer;

end Buffers;
