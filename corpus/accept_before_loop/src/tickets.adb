package body Tickets is

   task body Dispenser is
      Next    : Integer;
      Left    : Natural;
      Refills : Natural;
      Issued  : Natural;
   begin
      Next := 0;
      Left := 0;
      Refills := 0;
      Issued := 0;

      accept Start (Initial : in Integer) do
         Next := Initial;
      end Start;
      Left := Batch;

      loop
         select
            when Left > 0 =>
               accept Take (Ticket : out Integer) do
                  Ticket := Next;
                  Next := Next + 1;
               end Take;
               Left := Left - 1;
               Issued := Issued + 1;
         or
            when Left = 0 =>
               accept Refill;
               Left := Batch;
               Refills := Refills + 1;
         or
            terminate;
         end select;
      end loop;
   end Dispenser;

end Tickets;
