--  A server with an entry family indexed by an enumeration type.  Once
--  opened, it serves Request (High) before Request (Mid) before
--  Request (Low), using guards over the family members' 'Count.

package Dispatch is

   type Priority is (Low, Mid, High);

   type Sum_Array is array (Priority) of Integer;

   Expected : constant := 9;  --  requests Main lets queue up before Go

   protected Server is
      entry Ready (All_Queued : out Boolean);
      entry Go;
      entry Request (Priority) (X : in Integer);
      entry Report (Trace : out Natural; Sums : out Sum_Array;
                    Served : out Natural; Violations : out Natural);
   private
      --  rdv2po: task Server became this protected object. Stage is where
      --  the task stood: 1 = select of Ready/Go/Request/Report; 0 = ended
      --  (calls raise Tasking_Error).
      Stage : Integer := 1;
      Open     : Boolean := False;
      Got      : Boolean := False;  --  a Request was served this round
      Last     : Priority := Low;  --  family member just served
      Totals   : Sum_Array := (others => 0);
      Order    : Natural := 0;  --  order of the served classes
      Count    : Natural := 0;  --  requests served
      Bad      : Natural := 0;
   end Server;

end Dispatch;
