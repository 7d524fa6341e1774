--  A ticket dispenser.  It must be started once with the number of its
--  first ticket; then it hands out tickets while it has stock, and takes a
--  refill of Batch more tickets only when it has run out.

package Tickets is

   Batch : constant := 8;   --  tickets in stock after Start and each Refill

   --  rdv2po: task Dispenser became this protected object; its calls go on to
   --  Dispenser_Rendezvous and its code runs in the task Dispenser_Agent, both
   --  in the package body (general scheme)
   protected Dispenser is
      entry Start (Initial : in Integer);
      entry Take (Ticket : out Integer);
      --  open while stock is left
      entry Refill;
      --  open when out of stock
   end Dispenser;

end Tickets;
