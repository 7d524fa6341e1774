--  A meter that logs readings in 0 .. Max_Reading.  Logging a reading out
--  of range raises Constraint_Error inside the accept body: the caller
--  gets the exception, and so does the server, whose task-level handler
--  counts the failure in Failures and lets the task end.

package Meters is

   Max_Reading : constant := 1_000;

   subtype Reading is Integer range 0 .. Max_Reading;

   Failures : Natural := 0;   --  set by Meter's handler, read after it ended

   protected Meter is
      procedure Log (Value : in Integer);   --  Constraint_Error if not a Reading
      procedure Summary (Sum : out Integer; Count : out Natural;
                     Peak : out Integer);
   private
      --  rdv2po: task Meter became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Total : Integer := 0;
      N     : Natural := 0;
      High  : Reading := 0;
      Last  : Reading := 0;
   end Meter;

end Meters;
