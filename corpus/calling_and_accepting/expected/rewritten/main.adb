--  A calling server and an accepting server in one program: Dispatcher
--  hands each worker of a task array a job number with one Start call in a
--  for loop; the workers send their results to Collector, a select loop
--  with Put, a guarded Get (open once all four results are in) and a
--  terminate alternative.  Main reads the results with Collector.Get.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Size : constant := 4;
   type Value_Array is array (1 .. Size) of Integer;

   protected Collector is
      procedure Put (Id : Integer; Value : Integer);
      entry Get (Values : out Value_Array);
   private
      --  rdv2po: task Collector became this protected object. Ended: the
      --  task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Store : Value_Array := (others => 0);
      Count : Natural := 0;
   end Collector;

   protected body Collector is

      procedure Put (Id : Integer; Value : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Store (Id) := Value;
            Count := Count + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Put;

      entry Get (Values : out Value_Array) when Ended or else Count = Size is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Values := Store;
      end Get;

   end Collector;

   task type Worker;

   protected Dispatcher is
      entry Start (Id : out Integer; Job_Out : out Integer);
   private
      --  rdv2po: task Dispatcher, a calling server, became this protected
      --  object; its workers call it for what Dispatcher handed them. Stage is
      --  the call Dispatcher makes next: 1 = Team (I).Start (I, Job); 0 = not
      --  started; -1 = done (calls wait for ever, as for a task that has
      --  ended).
      Stage : Integer := 0;
      Job : Integer := 100;
      I, I_Bound : Integer'Base;  --  loop at src/main.adb:61
      procedure Advance;
   end Dispatcher;

   task body Worker is
      My_Id, My_Job : Integer;
   begin
      declare
         Id : Integer;
         Job : Integer;
      begin
         Dispatcher.Start (Id, Job);
         My_Id := Id;
         My_Job := Job;
      end;
      Collector.Put (My_Id, My_Job * 3 - My_Id);
   end Worker;

   Team : array (1 .. Size) of Worker;

   protected body Dispatcher is

      procedure Advance is
      begin
         case Stage is
            when 1 => goto Resume_1;
            when others => null;
         end case;
         --  for I in Team'Range loop  (src/main.adb:61)
         I := Team'First;
         I_Bound := Team'Last;
         if I > I_Bound then
            goto End_Loop_1;
         end if;
         <<Loop_1>>
            Stage := 1;  --  Team (I).Start (I, Job)
            return;
            <<Resume_1>>
            Job := Job + 11 * I;
         if I = I_Bound then
            goto End_Loop_1;
         end if;
         I := Integer'Succ (I);
         goto Loop_1;
         <<End_Loop_1>>
         Stage := -1;
      exception
         when others =>
            --  Dispatcher would have ended here, silently
            Stage := -1;
      end Advance;

      entry Start (Id : out Integer; Job_Out : out Integer)
        when Stage in 0 | 1
      is
      begin
         if Stage = 0 then
            Advance;
            requeue Start with abort;
         end if;
         case Stage is
            when 1 =>
               Id := I;
               Job_Out := Job;
            when others =>
               null;
         end case;
         Advance;
      exception
         when others =>
            --  Dispatcher would have ended here, silently, before this call
            Stage := -1;
            --  and never made it: its callee waits for ever
            requeue Start with abort;
      end Start;

   end Dispatcher;

   Values : Value_Array;
   Total  : Integer := 0;

begin
   Collector.Get (Values);
   for I in Values'Range loop
      Put_Line ("job" & Integer'Image (I) & " result" & Integer'Image (Values (I)));
      Total := Total + Values (I);
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Values = (299, 331, 396, 494) and Total = 1520 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
