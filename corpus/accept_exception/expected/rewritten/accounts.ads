--  A server whose accept bodies raise exceptions for bad arguments.  The
--  exception propagates to the caller and out of the accept statement in
--  the server, where a handler in a block inside the loop catches it: the
--  server keeps serving.

package Accounts is

   Negative_Amount : exception;

   Num_Slots : constant := 5;

   type Account_Slots_Array is array (1 .. Num_Slots) of Integer;
   protected Account is
      procedure Deposit (Amount : in Integer);       --  Negative_Amount if < 0
      procedure Store (Slot : in Integer; Value : in Integer);
      --  Constraint_Error if Slot not in 1 .. Num_Slots
      procedure Report (Balance : out Integer; Slot_Sum : out Integer;
                    Accepted, Rejected : out Natural);
   private
      --  rdv2po: task Account became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Total : Integer := 0;
      Slots : Account_Slots_Array := (others => 0);
      Good  : Natural := 0;
      Bad   : Natural := 0;
   end Account;

end Accounts;
