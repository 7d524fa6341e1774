--  Sync points after the server loop: Summer adds until Stop, then doubles
--  the sum, hands it out once through Result, records that it is done and
--  ends.  Calls of Add after Stop wait for Result (the task no longer
--  accepts Add) and get Tasking_Error once it has ended.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Done : Boolean := False;

   protected Summer is
      entry Add (X : Integer);
      entry Stop;
      entry Result (Total : out Integer);
   private
      --  rdv2po: task Summer became this protected object. Stage is where
      --  the task stood: 1 = select of Add/Stop; 2 = accept Result; 0 =
      --  ended (calls raise Tasking_Error).
      Stage : Integer := 1;
      Sum   : Integer := 0;
      Final : Integer := 0;
   end Summer;

   protected body Summer is

      entry Add (X : Integer) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + X;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Add;

      entry Stop when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 1;
         Stage := 2;  --  the task left its loop
         begin
            --  the statements after the task's loop
            Final := Sum * 2;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
         end;
         return;
      end Stop;

      entry Result (Total : out Integer) when Stage = 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Total := Final;
         Stage := 0;  --  the task's last accept: it ends
         Done := True;
      end Result;

   end Summer;

   T : Integer;
begin
   for I in 1 .. 4 loop
      Summer.Add (I);
   end loop;
   Summer.Stop;
   Summer.Result (T);
   Put_Line ("result" & Integer'Image (T));
   begin
      Summer.Add (1);
      Put_Line ("add after the end accepted");
   exception
      when Tasking_Error =>
         Put_Line ("add after the end: Tasking_Error, done " & Boolean'Image (Done));
   end;
   Put_Line ("PASSED");
end Main;
