package body Buffers is

   task body Buffer is
      subtype Index is Natural range 0 .. Capacity - 1;
      Data     : array (Index) of Integer := (others => 0);
      In_Ptr   : Index := 0;
      Out_Ptr  : Index := 0;
      Count    : Natural range 0 .. Capacity := 0;
   begin
      loop
         select
            when Count < Capacity =>
               accept Put (X : in Integer) do
                  Data (In_Ptr) := X;
               end Put;
               In_Ptr := (In_Ptr + 1) mod Capacity;
               Count := Count + 1;
         or
            when Count > 0 =>
               accept Get (X : out Integer) do
                  X := Data (Out_Ptr);
               end Get;
               Out_Ptr := (Out_Ptr + 1) mod Capacity;
               Count := Count - 1;
         or
            terminate;
         end select;
      end loop;
   end Buffer;

end Buffers;
