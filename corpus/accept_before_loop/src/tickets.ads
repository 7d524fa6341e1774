--  A ticket dispenser.  It must be started once with the number of its
--  first ticket; then it hands out tickets while it has stock, and takes a
--  refill of Batch more tickets only when it has run out.

package Tickets is

   Batch : constant := 8;   --  tickets in stock after Start and each Refill

   task Dispenser is
      entry Start (Initial : in Integer);
      entry Take (Ticket : out Integer);   --  open while stock is left
      entry Refill;                        --  open when out of stock
   end Dispenser;

end Tickets;
