--  Run_Session starts a collector task and Senders sender tasks that send
--  it values, stops the collector, and returns once every task of the
--  session has terminated.  The collector publishes its totals in
--  Final_Total and Final_Count after leaving its loop.

package Tally is

   Senders : constant := 3;

   Final_Total : Integer := -1;   --  written by the collector at its end
   Final_Count : Natural := 0;

   procedure Run_Session (Values_Each : Positive; Stopped_At : out Integer);

end Tally;
