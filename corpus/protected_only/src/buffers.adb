package body Buffers is

   protected body Bounded_Buffer is

      entry Put (Item : Integer) when Held < Size is
      begin
         Items (Tail) := Item;
         Tail := Tail mod Size + 1;
         Held := Held + 1;
      end Put;

      entry Get (Item : out Integer) when Held > 0 is
      begin
         Item := Items (Head);
         Head := Head mod Size + 1;
         Held := Held - 1;
      end Get;

      function Count return Natural is
      begin
         return Held;
      end Count;

   end Bounded_Buffer;

end Buffers;
