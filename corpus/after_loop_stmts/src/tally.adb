package body Tally is

   procedure Run_Session (Values_Each : Positive; Stopped_At : out Integer)
   is
      task Collector is
         entry Add (Value : in Integer);
         entry Stop (Running_Total : out Integer);
      end Collector;

      task body Collector is
         Sum : Integer := 0;
         N   : Natural := 0;
      begin
         loop
            select
               accept Add (Value : in Integer) do
                  Sum := Sum + Value;
               end Add;
               N := N + 1;
            or
               accept Stop (Running_Total : out Integer) do
                  Running_Total := Sum;
               end Stop;
               exit;
            end select;
         end loop;
         --  After the loop: publish the results
         Final_Total := Sum;
         Final_Count := N;
      end Collector;

      task type Sender (Id : Positive);

      task body Sender is
      begin
         for I in 1 .. Values_Each loop
            Collector.Add (Id * I);
         end loop;
      end Sender;

   begin
      declare
         S1 : Sender (1);
         S2 : Sender (2);
         S3 : Sender (3);
         pragma Unreferenced (S1, S2, S3);
      begin
         null;
      end;  --  waits for every Sender
      Collector.Stop (Stopped_At);
   end Run_Session;  --  waits for Collector, which has published its totals

end Tally;
