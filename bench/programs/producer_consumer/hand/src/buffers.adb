package body Buffers is

   protected body Buffer is

      entry Put (X : in Integer) when Count < Capacity is
      begin
         Items (Tail) := X;
         Tail := Tail mod Capacity + 1;
         Count := Count + 1;
      end Put;

      entry Get (X : out Integer) when Count > 0 is
      begin
         X := Items (Head);
         Head := Head mod Capacity + 1;
         Count := Count - 1;
      end Get;

   end Buffer;

end Buffers;
