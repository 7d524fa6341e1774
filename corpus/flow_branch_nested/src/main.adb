--  Servers whose accepts sit in if statements without else, and in if or
--  case statements nested in the branches of others.  Where no condition of
--  an if without else holds the task goes on past it without waiting; the
--  server scheme tests that where the task reached the statement and goes on
--  to the next sync point.  Nested branches guard their alternatives by the
--  conditions of every branch that leads to them.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  A batcher: after every third Put it takes nothing but Flush.
   task Batcher is
      entry Put (V : Natural);
      entry Flush;
      entry Sum (S : out Natural);
   end Batcher;
   task body Batcher is
      Pending : Natural := 0;
      Total : Natural := 0;
   begin
      loop
         select
            accept Put (V : Natural) do
               Total := Total + V;
            end Put;
            Pending := Pending + 1;
         or
            accept Sum (S : out Natural) do
               S := Total;
            end Sum;
         or
            terminate;
         end select;
         if Pending = 3 then
            accept Flush;
            Pending := 0;
         end if;
      end loop;
   end Batcher;

   --  A meter: above 10 it must be drained, above 5 it warns first; an if
   --  without else of two branches, Drain accepted in both.
   task Meter is
      entry Add (N : Natural);
      entry Read (L : out Natural);
      entry Warned;
      entry Drain;
   end Meter;
   task body Meter is
      Level : Natural := 0;
      Warnings : Natural := 0;
   begin
      loop
         select
            accept Add (N : Natural) do
               Level := Level + N;
            end Add;
         or
            accept Read (L : out Natural) do
               L := Level * 100 + Warnings;
            end Read;
         or
            terminate;
         end select;
         if Level > 10 then
            accept Drain;
            Level := 0;
         elsif Level > 5 then
            select
               accept Warned;
               Warnings := Warnings + 1;
            or
               accept Drain;
               Level := 0;
            end select;
         end if;
      end loop;
   end Meter;

   --  A door: locked, it takes Reset after an alarm, else Unlock or Status
   --  (an if nested in the if's first branch); otherwise a case over its
   --  state (nested in the else branch).
   type Door_State is (Open, Closed, Locked);
   task Door is
      entry Push;
      entry Pull;
      entry Lock;
      entry Unlock (Code : Natural);
      entry Reset;
      entry Status (S : out Door_State; E : out Natural);
   end Door;
   task body Door is
      State : Door_State := Closed;
      Alarm : Boolean := False;
      Good : Boolean := False;
      Events : Natural := 0;
   begin
      loop
         if State = Locked then
            if Alarm then
               accept Reset;
               Alarm := False;
            else
               select
                  accept Unlock (Code : Natural) do
                     Good := Code = 42;
                  end Unlock;
                  if Good then
                     State := Closed;
                  else
                     Alarm := True;
                  end if;
               or
                  accept Status (S : out Door_State; E : out Natural) do
                     S := State;
                     E := Events;
                  end Status;
               end select;
            end if;
            Events := Events + 1;
         else
            case State is
               when Open =>
                  accept Push;
                  State := Closed;
               when others =>
                  select
                     accept Pull;
                     State := Open;
                  or
                     accept Lock;
                     State := Locked;
                  or
                     accept Status (S : out Door_State; E : out Natural) do
                        S := State;
                        E := Events;
                     end Status;
                  or
                     terminate;
                  end select;
            end case;
         end if;
      end loop;
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
