--  'Callable and 'Terminated of servers the caller-runs scheme takes: each
--  becomes a function of the package (of the type's package, for an object
--  of a task type) reading whether the server has completed.  The program
--  asks only what every schedule of the original answers alike: before any
--  call, while the server waits at a terminate alternative (its master is
--  still running: not terminated, and callable), and after it has ended,
--  by polling until it has.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   procedure Show (What : String; Value : Boolean) is
   begin
      Put_Line (What & " " & Boolean'Image (Value));
   end Show;

   procedure Logging is
      task Logger is
         entry Log (Msg : String);
         entry Stop;
      end Logger;

      task body Logger is
         Count : Natural := 0;
      begin
         loop
            select
               accept Log (Msg : String) do
                  Put_Line ("log: " & Msg);
               end Log;
               Count := Count + 1;
            or
               accept Stop;
               exit;
            end select;
         end loop;
         Put_Line ("logged" & Natural'Image (Count));
      end Logger;
   begin
      Show ("logger callable", Logger'Callable);
      Show ("logger terminated", Logger'Terminated);
      Logger.Log ("one");
      Logger.Stop;
      while not Logger'Terminated loop
         delay 0.01;
      end loop;
      Show ("logger callable at the end", Logger'Callable);
   end Logging;

   procedure Counting is
      task Counter is
         entry Add (N : Integer);
      end Counter;

      task body Counter is
         Sum : Integer := 0;
      begin
         loop
            select
               accept Add (N : Integer) do
                  Sum := Sum + N;
                  Put_Line ("sum" & Integer'Image (Sum));
               end Add;
            or
               terminate;
            end select;
         end loop;
      end Counter;
   begin
      Counter.Add (2);
      Counter.Add (3);
      --  waiting at its terminate alternative while this master runs
      Show ("counter callable", Counter'Callable);
      Show ("counter terminated", Counter'Terminated);
   end Counting;

   task type Job (Id : Positive) is
      entry Run (Scale : Integer);
   end Job;

   task body Job is
   begin
      accept Run (Scale : Integer) do
         Put_Line ("job" & Positive'Image (Id) & " runs at" & Integer'Image (Scale));
      end Run;
      if Id = 3 then
         raise Program_Error;     --  ends the task silently
      end if;
      Put_Line ("job" & Positive'Image (Id) & " done");
   end Job;

   procedure Jobs is
      type Job_Access is access Job;
      One : Job (1);
      Row : array (2 .. 3) of Job (2);
      Far : constant Job_Access := new Job (3);
   begin
      Show ("one callable", One'Callable);
      Show ("far terminated", Far'Terminated);
      One.Run (10);
      while One'Callable loop
         delay 0.01;
      end loop;
      Show ("one terminated", One'Terminated);
      for I in Row'Range loop
         Row (I).Run (I);
         while not Row (I)'Terminated loop
            delay 0.01;
         end loop;
      end loop;
      Far.Run (30);
      while Far.all'Callable loop
         delay 0.01;
      end loop;
      Show ("far callable after raising", Far'Callable);
   end Jobs;
begin
   Logging;
   Counting;
   Jobs;
   Put_Line ("PASSED");
end Main;
