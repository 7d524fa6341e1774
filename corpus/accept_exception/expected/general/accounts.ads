--  A server whose accept bodies raise exceptions for bad arguments.  The
--  exception propagates to the caller and out of the accept statement in
--  the server, where a handler in a block inside the loop catches it: the
--  server keeps serving.

package Accounts is

   Negative_Amount : exception;

   Num_Slots : constant := 5;

   --  rdv2po: task Account became this protected object; its calls go on to
   --  Account_Rendezvous and its code runs in the task Account_Agent, both in
   --  the package body (general scheme)
   protected Account is
      entry Deposit (Amount : in Integer);
      --  Negative_Amount if < 0
      entry Store (Slot : in Integer; Value : in Integer);
      --  Constraint_Error if Slot not in 1 .. Num_Slots
      entry Report (Balance : out Integer; Slot_Sum : out Integer;
                    Accepted, Rejected : out Natural);
   end Account;

end Accounts;
