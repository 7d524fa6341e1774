--  Servers whose accepts sit in several loops, one after the other: phases
--  of the task's life.  The server scheme makes each loop's sync points
--  stages of their own (DESIGN 4.5, the paper's Figure 6): leaving one loop,
--  by an exit or its condition, the object goes on to the next.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  A register: collects values until sealed, then serves three reads of
   --  their average (a labelled loop left by an exit when), then one Final.
   protected Register is
      entry Add (V : Integer);
      entry Seal;
      entry Average_Of (A : out Integer);
      entry Final (N : out Natural);
   private
      --  rdv2po: task Register became this protected object. Stage is where
      --  the task stood: 1 = select of Add/Seal; 2 = select of Average_Of;
      --  3 = accept Final; 0 = ended (calls raise Tasking_Error).
      Stage : Integer := 1;
      Sum : Integer := 0;
      Count : Natural := 0;
      Average : Integer := 0;
      Reads_Done : Natural := 0;
   end Register;
   protected body Register is

      entry Add (V : Integer) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + V;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Count := Count + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Add;

      entry Seal when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 1;
         begin
            Stage := 2;  --  the task left its loop
            begin
               --  the statements after the task's loop
               if Count > 0 then
                  Average := Sum / Count;
               end if;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
            return;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Seal;

      entry Average_Of (A : out Integer) when Stage = 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         A := Average;
         Stage := 2;
         begin
            Reads_Done := Reads_Done + 1;
            if Reads_Done = 3 then
               Stage := 3;  --  the task left its loop (line 35)
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Average_Of;

      entry Final (N : out Natural) when Stage = 0 or else Stage = 3 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         N := Reads_Done;
         Stage := 0;  --  the task's last accept: it ends
      end Final;

   end Register;

   --  A turnstile: a while loop takes two coins, then a plain loop lets
   --  people through for ever.
   protected Turnstile is
      entry Coin;
      entry Push;
      entry Passed (N : out Natural);
   private
      --  rdv2po: task Turnstile became this protected object. Stage is
      --  where the task stood: 1 = accept Coin; 2 = select of Push/Passed;
      --  0 = ended (calls raise Tasking_Error); -1 = not started (Start_Up
      --  runs at the first call).
      Stage : Integer := -1;
      Coins : Natural := 0;
      Through : Natural := 0;
      procedure Start_Up;
   end Turnstile;
   protected body Turnstile is

      procedure Start_Up is
      begin
         Stage := 1;
         if not (Coins < 2) then
            Stage := 2;  --  the task left its while loop
            return;
         end if;
      end Start_Up;

      entry Coin when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Coin with abort;
         end if;
         Stage := 1;
         begin
            Coins := Coins + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         if not (Coins < 2) then
            Stage := 2;  --  the task left its while loop
            return;
         end if;
      end Coin;

      entry Push when Stage <= 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Push with abort;
         end if;
         Stage := 2;
         begin
            Through := Through + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Push;

      entry Passed (N : out Natural) when Stage <= 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Passed with abort;
         end if;
         N := Through;
         Stage := 2;
      end Passed;

   end Turnstile;

   A : Integer;
   N : Natural;
begin
   Register.Add (3);
   Register.Add (5);
   Register.Add (10);
   select
      Register.Average_Of (A);
      Put_Line ("an average before Seal");
   or
      delay 0.05;
      Put_Line ("no average before Seal");
   end select;
   Register.Seal;
   for I in 1 .. 3 loop
      Register.Average_Of (A);
      Put_Line ("average" & Integer'Image (A));
   end loop;
   select
      Register.Add (1);
      Put_Line ("added after Seal");
   else
      Put_Line ("Add refused after Seal");
   end select;
   Register.Final (N);
   Put_Line ("reads" & Natural'Image (N));
   begin
      Register.Final (N);
      Put_Line ("Final twice");
   exception
      when Tasking_Error => Put_Line ("Final after the end: Tasking_Error");
   end;

   select
      Turnstile.Push;
      Put_Line ("pushed without coins");
   or
      delay 0.05;
      Put_Line ("Push refused without coins");
   end select;
   Turnstile.Coin;
   Turnstile.Coin;
   Turnstile.Push;
   Turnstile.Push;
   select
      Turnstile.Coin;
      Put_Line ("a third coin");
   else
      Put_Line ("no third coin");
   end select;
   Turnstile.Passed (N);
   Put_Line ("passed" & Natural'Image (N));
   Put_Line ("PASSED");
end Main;
