package body Work is

   Per_Worker : constant := 2_500;

   protected body Setup is

      procedure Advance is
      begin
         case Stage is
            when 1 => goto Resume_1;
            when others => null;
         end case;
         --  for I in Pool'Range loop  (src/work.adb:7)
         I := Pool'First;
         I_Bound := Pool'Last;
         if I > I_Bound then
            goto End_Loop_1;
         end if;
         <<Loop_1>>
            Stage := 1;  --  Pool (I).Start (I, (I - 1) * Per_Worker + 1, I * Per_Worker)
            return;
            <<Resume_1>>
         if I = I_Bound then
            goto End_Loop_1;
         end if;
         I := Integer'Succ (I);
         goto Loop_1;
         <<End_Loop_1>>
         Stage := -1;
      exception
         when others =>
            --  Setup would have ended here, silently
            Stage := -1;
      end Advance;

      entry Start (Id : out Worker_Id; First, Last : out Positive)
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
               First := (I - 1) * Per_Worker + 1;
               Last := I * Per_Worker;
            when others =>
               null;
         end case;
         Advance;
      exception
         when others =>
            --  Setup would have ended here, silently, before this call
            Stage := -1;
            --  and never made it: its callee waits for ever
            requeue Start with abort;
      end Start;

   end Setup;

   task body Worker is
      Me       : Worker_Id;
      Lo, Hi   : Positive;
      Sum      : Long_Integer := 0;
   begin
      declare
         Id : Worker_Id;
         First, Last : Positive;
      begin
         Setup.Start (Id, First, Last);
         Me := Id;
         Lo := First;
         Hi := Last;
      end;
      for K in Lo .. Hi loop
         if K mod 3 = 0 or K mod 5 = 0 then
            Sum := Sum + Long_Integer (K);
         end if;
      end loop;
      Results.Deliver (Me, Sum);
   end Worker;

   protected body Results is

      procedure Start_Up is
      begin
         Stage := 1;
         begin
            if not (Received < Workers) then
               Stage := 2;  --  the task left its while loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start_Up;

      entry Deliver (Id : Worker_Id; Sum : Long_Integer)
        when Stage <= 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Deliver with abort;
         end if;
         begin
            Got (Id) := Sum;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Received := Received + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         begin
            if not (Received < Workers) then
               Stage := 2;  --  the task left its while loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Deliver;

      entry Collect (All_Sums : out Sums)
        when Stage <= 0 or else Stage = 2
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Collect with abort;
         end if;
         begin
            All_Sums := Got;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 0;  --  the task's last accept: it ends
      end Collect;

   end Results;

end Work;
