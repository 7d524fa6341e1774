--  Main runs two sessions.  Run_Session returns only after the collector
--  has terminated, i.e. after the statements following its loop have
--  published the totals, so Main can read Final_Total and Final_Count.

with Ada.Text_IO; use Ada.Text_IO;
with Tally;       use Tally;

procedure Main is

   --  Sender Id sends Id * 1 .. Id * N
   function Expected_Total (N : Positive) return Integer is
     ((Senders * (Senders + 1) / 2) * (N * (N + 1) / 2));

   Stopped_At : Integer;
   Ok         : Boolean := True;

   procedure Session (N : Positive) is
   begin
      Final_Total := -1;
      Final_Count := 0;
      Run_Session (N, Stopped_At);
      Put_Line ("Session of" & Positive'Image (N) & ": stopped at"
                & Integer'Image (Stopped_At) & ", final total"
                & Integer'Image (Final_Total) & ", final count"
                & Natural'Image (Final_Count));
      Ok := Ok
        and then Stopped_At = Expected_Total (N)
        and then Final_Total = Expected_Total (N)
        and then Final_Count = Senders * N;
   end Session;

begin
   Session (10);
   Session (40);
   if Ok then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
