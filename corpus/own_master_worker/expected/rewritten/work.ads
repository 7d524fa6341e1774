--  Master/worker after the paper's Gauss-Seidel set-up: a Setup task hands
--  each worker its slice (a calling server), the workers deliver partial
--  results to a Results task (an accepting server).
package Work is
   Workers : constant := 4;
   subtype Worker_Id is Positive range 1 .. Workers;

   protected Setup is
      entry Start (Id : out Worker_Id; First, Last : out Positive);
   private
      --  rdv2po: task Setup, a calling server, became this protected object;
      --  its workers call it for what Setup handed them. Stage is the call
      --  Setup makes next: 1 = Pool (I).Start (...); 0 = not started; -1 = done
      --  (calls wait for ever, as for a task that has ended).
      Stage : Integer := 0;
      I, I_Bound : Integer'Base;  --  loop at src/work.adb:7
      procedure Advance;
   end Setup;

   task type Worker;

   Pool : array (Worker_Id) of Worker;

   type Sums is array (Worker_Id) of Long_Integer;

   protected Results is
      entry Deliver (Id : Worker_Id; Sum : Long_Integer);
      entry Collect (All_Sums : out Sums);
   private
      --  rdv2po: task Results became this protected object. Stage is where
      --  the task stood: 1 = accept Deliver; 2 = accept Collect; 0 = ended
      --  (calls raise Tasking_Error); -1 = not started (Start_Up runs at
      --  the first call).
      Stage : Integer := -1;
      Got      : Sums := (others => 0);
      Received : Natural := 0;
      procedure Start_Up;
   end Results;
end Work;
