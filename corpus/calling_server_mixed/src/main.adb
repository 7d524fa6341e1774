--  A mixed task: Boss accepts its own entries and hands out work.  It waits
--  for Start (the base number), hands Base + I to each worker of Pool,
--  accepts Go without parameters, hands one more job to the single task
--  Spare, then reports through Finish (an out parameter).  Main calls
--  Finish a second time after Boss has ended: that call raises
--  Tasking_Error, as a call on a completed task does.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   protected Sums is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Sums;

   protected body Sums is
      procedure Add (X : Integer) is
      begin
         S := S + X;
      end Add;
      function Get return Integer is (S);
   end Sums;

   Late_Call_Failed : Boolean := False;

   procedure Run is

      task type Worker is
         entry Start (V : Integer);
      end Worker;

      Pool : array (1 .. 4) of Worker;

      task Spare is
         entry Job (V : Integer);
      end Spare;

      task Boss is
         entry Start (Base : Integer);
         entry Go;
         entry Finish (Total : out Integer);
      end Boss;

      task body Worker is
         Mine : Integer;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Sums.Add (Mine);
      end Worker;

      task body Spare is
         Mine : Integer;
      begin
         accept Job (V : Integer) do
            Mine := V;
         end Job;
         Sums.Add (Mine * 1_000);
      end Spare;

      task body Boss is
         First : Integer := 0;
         Sum   : Integer := 0;
      begin
         accept Start (Base : Integer) do
            First := Base;
         end Start;
         for I in Pool'Range loop
            Pool (I).Start (First + I);
            Sum := Sum + First + I;
         end loop;
         accept Go;
         Spare.Job (Sum / 100);
         accept Finish (Total : out Integer) do
            Total := Sum;
         end Finish;
      end Boss;

      T : Integer := 0;
   begin
      Boss.Start (100);
      Boss.Go;
      Boss.Finish (T);
      Put_Line ("boss total" & Integer'Image (T));
      begin
         Boss.Finish (T);
         Put_Line ("late Finish accepted");
      exception
         when Tasking_Error =>
            Late_Call_Failed := True;
      end;
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   Put_Line ("late call raised Tasking_Error: " & Boolean'Image (Late_Call_Failed));
   if Sums.Get = 4_410 and Late_Call_Failed then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
