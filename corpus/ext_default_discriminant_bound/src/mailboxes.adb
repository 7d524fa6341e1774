package body Mailboxes is
   task body Mailbox is
      Slots : Slot_Array (1 .. Capacity) := (others => No_Message);
      Head, Tail : Positive := 1;
      Count : Natural := 0;
   begin
      loop
         select
            when Count < Capacity =>
               accept Put (M : Message) do
                  Slots (Tail) := M;
               end Put;
               Tail := Tail mod Capacity + 1;
               Count := Count + 1;
         or
            when Count > 0 =>
               accept Get (M : out Message) do
                  M := Slots (Head);
               end Get;
               Head := Head mod Capacity + 1;
               Count := Count - 1;
         or
            accept Pending (N : out Natural) do
               N := Count;
            end Pending;
         or
            terminate;
         end select;
      end loop;
   end Mailbox;
end Mailboxes;
