--  A ticket dispenser.  It must be started once with the number of its
--  first ticket; then it hands out tickets while it has stock, and takes a
--  refill of Batch more tickets only when it has run out.

package Tickets is

   Batch : constant := 8;   --  tickets in stock after Start and each Refill

   protected Dispenser is
      entry Start (Initial : in Integer);
      entry Take (Ticket : out Integer);   --  open while stock is left
      entry Refill;                        --  open when out of stock
   private
      --  rdv2po: task Dispenser became this protected object. Stage is
      --  where the task stood: 1 = accept Start; 2 = select of Take/Refill;
      --  0 = ended (calls raise Tasking_Error); -1 = not started (Start_Up
      --  runs at the first call).
      Stage : Integer := -1;
      Next    : Integer;
      Left    : Natural;
      Refills : Natural;
      Issued  : Natural;
      procedure Start_Up;
   end Dispenser;

end Tickets;
