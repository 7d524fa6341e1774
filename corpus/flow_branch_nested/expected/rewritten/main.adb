--  Servers whose accepts sit in if statements without else, and in if or
--  case statements nested in the branches of others.  Where no condition of
--  an if without else holds the task goes on past it without waiting; the
--  server scheme tests that where the task reached the statement and goes on
--  to the next sync point.  Nested branches guard their alternatives by the
--  conditions of every branch that leads to them.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  A batcher: after every third Put it takes nothing but Flush.
   protected Batcher is
      entry Put (V : Natural);
      entry Flush;
      entry Sum (S : out Natural);
   private
      --  rdv2po: task Batcher became this protected object. Stage is where
      --  the task stood: 1 = select of Put/Sum; 2 = select of Flush; 0 =
      --  ended (calls raise Tasking_Error).
      Stage : Integer := 1;
      Pending : Natural := 0;
      Total : Natural := 0;
   end Batcher;
   protected body Batcher is

      entry Put (V : Natural) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Total := Total + V;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
         begin
            Pending := Pending + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         if not (Pending = 3) then
            Stage := 1;  --  no condition held: the task went past its if statement (line 32)
         end if;
      end Put;

      entry Flush when Stage = 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 1;
         Pending := 0;
      end Flush;

      entry Sum (S : out Natural) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         S := Total;
         Stage := 2;
         if not (Pending = 3) then
            Stage := 1;  --  no condition held: the task went past its if statement (line 32)
         end if;
      end Sum;

   end Batcher;

   --  A meter: above 10 it must be drained, above 5 it warns first; an if
   --  without else of two branches, Drain accepted in both.
   protected Meter is
      entry Add (N : Natural);
      entry Read (L : out Natural);
      entry Warned;
      entry Drain;
   private
      --  rdv2po: task Meter became this protected object. Stage is where
      --  the task stood: 1 = select of Add/Read; 2 = select of
      --  Drain/Warned; 0 = ended (calls raise Tasking_Error).
      Stage : Integer := 1;
      Level : Natural := 0;
      Warnings : Natural := 0;
   end Meter;
   protected body Meter is

      entry Add (N : Natural) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Level := Level + N;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
         if not (Level > 10) and then not (Level > 5) then
            Stage := 1;  --  no condition held: the task went past its if statement (line 63)
         end if;
      end Add;

      entry Read (L : out Natural) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            L := Level * 100 + Warnings;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
         if not (Level > 10) and then not (Level > 5) then
            Stage := 1;  --  no condition held: the task went past its if statement (line 63)
         end if;
      end Read;

      entry Warned
        when Stage = 0 or else (Stage = 2 and then (not (Level > 10) and then Level > 5))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 1;
         begin
            Warnings := Warnings + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Warned;

      entry Drain when Stage = 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 1;
         Level := 0;
      end Drain;

   end Meter;

   --  A door: locked, it takes Reset after an alarm, else Unlock or Status
   --  (an if nested in the if's first branch); otherwise a case over its
   --  state (nested in the else branch).
   type Door_State is (Open, Closed, Locked);
   protected Door is
      entry Push;
      entry Pull;
      entry Lock;
      entry Unlock (Code : Natural);
      entry Reset;
      entry Status (S : out Door_State; E : out Natural);
   private
      --  rdv2po: task Door became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      State : Door_State := Closed;
      Alarm : Boolean := False;
      Good : Boolean := False;
      Events : Natural := 0;
   end Door;
   protected body Door is

      entry Push
        when Ended or else (not (State = Locked) and then State = Open)
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         State := Closed;
      end Push;

      entry Pull
        when Ended or else (not (State = Locked) and then State not in Open)
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         State := Open;
      end Pull;

      entry Lock
        when Ended or else (not (State = Locked) and then State not in Open)
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         State := Locked;
      end Lock;

      entry Unlock (Code : Natural)
        when Ended or else (State = Locked and then not Alarm)
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Good := Code = 42;
         if Good then
            State := Closed;
         else
            Alarm := True;
         end if;
         begin
            Events := Events + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Unlock;

      entry Reset when Ended or else (State = Locked and then Alarm) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Alarm := False;
         begin
            Events := Events + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Reset;

      entry Status (S : out Door_State; E : out Natural)
        when Ended or else (State = Locked and then not Alarm) or else (not (State = Locked) and then State not in Open)
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         if (State = Locked and then not Alarm) then
            S := State;
            E := Events;
            begin
               Events := Events + 1;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  return;
            end;
         elsif (not (State = Locked) and then State not in Open) then
            S := State;
            E := Events;
         end if;
      end Status;

   end Door;

   N : Natural;
   S : Door_State;
begin
   for I in 1 .. 3 loop
      Batcher.Put (I);
   end loop;
   select
      Batcher.Put (10);
      Put_Line ("a fourth Put before Flush");
   or
      delay 0.05;
      Put_Line ("Put refused until Flush");
   end select;
   Batcher.Flush;
   Batcher.Put (4);
   select
      Batcher.Flush;
      Put_Line ("Flush after one Put");
   else
      Put_Line ("Flush refused after one Put");
   end select;
   Batcher.Sum (N);
   Put_Line ("sum" & Natural'Image (N));

   Meter.Add (3);
   select
      Meter.Drain;
      Put_Line ("drained at 3");
   else
      Put_Line ("no Drain at 3");
   end select;
   Meter.Add (4);
   Meter.Warned;
   Meter.Read (N);
   Put_Line ("meter" & Natural'Image (N));
   Meter.Warned;
   Meter.Add (5);
   select
      Meter.Add (1);
      Put_Line ("Add above 10");
   or
      delay 0.05;
      Put_Line ("Add refused above 10");
   end select;
   Meter.Drain;
   Meter.Add (6);
   Meter.Drain;
   Meter.Read (N);
   Put_Line ("meter" & Natural'Image (N));

   Door.Pull;
   Door.Push;
   Door.Lock;
   Door.Status (S, N);
   Put_Line ("door " & Door_State'Image (S) & Natural'Image (N));
   select
      Door.Pull;
      Put_Line ("pulled a locked door");
   else
      Put_Line ("Pull refused while locked");
   end select;
   Door.Unlock (7);
   select
      Door.Status (S, N);
      Put_Line ("status during the alarm");
   else
      Put_Line ("Status refused during the alarm");
   end select;
   Door.Reset;
   Door.Unlock (42);
   Door.Status (S, N);
   Put_Line ("door " & Door_State'Image (S) & Natural'Image (N));
   Put_Line ("PASSED");
end Main;
