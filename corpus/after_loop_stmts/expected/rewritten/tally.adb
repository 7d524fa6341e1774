package body Tally is

   procedure Run_Session (Values_Each : Positive; Stopped_At : out Integer)
   is
      protected Collector is
         procedure Add (Value : in Integer);
         procedure Stop (Running_Total : out Integer);
      private
         --  rdv2po: task Collector became this protected object. Ended: the
         --  task has ended (calls raise Tasking_Error).
         Ended : Boolean := False;
         Sum : Integer := 0;
         N   : Natural := 0;
      end Collector;

      protected body Collector is

         --  rdv2po: comments of the task body, kept:
         --  After the loop: publish the results

         procedure Add (Value : in Integer) is
         begin
            if Ended then
               raise Tasking_Error;  --  the task has ended
            end if;
            begin
               Sum := Sum + Value;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            begin
               N := N + 1;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  return;
            end;
         end Add;

         procedure Stop (Running_Total : out Integer) is
         begin
            if Ended then
               raise Tasking_Error;  --  the task has ended
            end if;
            Running_Total := Sum;
            Ended := True;  --  the task left its loop
            --  the statements after the task's loop
            Final_Total := Sum;
            Final_Count := N;
            return;
         end Stop;

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
