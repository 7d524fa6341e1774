--  A server with an entry family indexed by an enumeration type.  Once
--  opened, it serves Request (High) before Request (Mid) before
--  Request (Low), using guards over the family members' 'Count.

package Dispatch is

   type Priority is (Low, Mid, High);

   type Sum_Array is array (Priority) of Integer;

   Expected : constant := 9;  --  requests Main lets queue up before Go

   --  rdv2po: task Server became this protected object; its calls go on to
   --  Server_Rendezvous and its code runs in the task Server_Agent, both in
   --  the package body (general scheme)
   protected Server is
      entry Ready (All_Queued : out Boolean);
      entry Go;
      entry Request (Priority) (X : in Integer);
      entry Report (Trace : out Natural; Sums : out Sum_Array;
                    Served : out Natural; Violations : out Natural);
   end Server;

end Dispatch;
