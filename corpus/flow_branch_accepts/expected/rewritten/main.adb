--  Servers whose accepts sit in the branches of an if or case statement, each
--  branch beginning with its accept or select (a state machine written as
--  control flow).  The server scheme makes each such statement one sync point
--  whose alternatives are guarded by their branch's condition: the barriers
--  an engineer writes (entry On when not Lit).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  A switch: On only when off, Off only when on; State either way.
   protected Switch is
      entry On;
      entry Off;
      procedure State (S : out Boolean);
   private
      --  rdv2po: task Switch became this protected object.
      Lit : Boolean := False;
   end Switch;
   protected body Switch is

      entry On when not Lit is
      begin
         Lit := True;
      end On;

      entry Off when Lit is
      begin
         Lit := False;
      end Off;

      procedure State (S : out Boolean) is
      begin
         S := Lit;
      end State;

   end Switch;

   --  A traffic light: a case over its colour, the statements of each branch
   --  after its accept, a count of cycles kept after the case.
   type Light is (Red, Green, Yellow);
   protected Signal is
      entry Go;
      entry Caution;
      entry Halt;
      entry Current (L : out Light; N : out Natural);
   private
      --  rdv2po: task Signal became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Colour : Light := Red;
      Cycles : Natural := 0;
      Changes : Natural := 0;
   end Signal;
   protected body Signal is

      entry Go when Ended or else Colour = Red is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Colour := Green;
         begin
            Changes := Changes + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Go;

      entry Caution when Ended or else Colour = Green is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Colour := Yellow;
         begin
            Changes := Changes + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Caution;

      entry Halt when Ended or else Colour not in Red | Green is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Colour := Red;
         begin
            if Colour = Red then
               Cycles := Cycles + 1;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
         begin
            Changes := Changes + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Halt;

      entry Current (L : out Light; N : out Natural)
        when Ended or else Colour = Red or else Colour not in Red | Green
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         if Colour = Red then
            L := Colour;
            N := Cycles;
            begin
               Changes := Changes + 1;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  return;
            end;
         elsif Colour not in Red | Green then
            L := Colour;
            N := Cycles;
            begin
               if Colour = Red then
                  Cycles := Cycles + 1;
               end if;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  return;
            end;
            begin
               Changes := Changes + 1;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  return;
            end;
         end if;
      end Current;

   end Signal;

   --  An elevator: an accept before its loop, an elsif chain in it, an exit
   --  from the loop in one branch, and a last accept after the loop.  It
   --  takes three calls, then only Stop.
   subtype Floor is Integer range 0 .. 9;
   type Floors is array (Positive range <>) of Floor;
   protected Elevator is
      entry Start (At_Floor : Floor);
      entry Call (F : Floor);
      entry Arrive (At_Floor : out Floor);
      entry Stop;
      entry Trips (N : out Natural);
   private
      --  rdv2po: task Elevator became this protected object. Stage is where
      --  the task stood: 1 = accept Start; 2 = select of Arrive/Call/Stop;
      --  3 = accept Trips; 0 = ended (calls raise Tasking_Error).
      Stage : Integer := 1;
      Position, Target : Floor := 0;
      Moving : Boolean := False;
      Count : Natural := 0;
   end Elevator;
   protected body Elevator is

      entry Start (At_Floor : Floor) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Position := At_Floor;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
      end Start;

      entry Call (F : Floor)
        when Stage = 0 or else (Stage = 2 and then (not Moving and then Count < 3))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Target := F;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
         begin
            Moving := Target /= Position;
            Count := Count + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Call;

      entry Arrive (At_Floor : out Floor)
        when Stage = 0 or else (Stage = 2 and then Moving)
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Position := Target;
            At_Floor := Position;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
         Moving := False;
      end Arrive;

      entry Stop
        when Stage = 0 or else (Stage = 2 and then (not Moving and then not (Count < 3)))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 2;
         Stage := 3;  --  the task left its loop
         return;
      end Stop;

      entry Trips (N : out Natural) when Stage = 0 or else Stage = 3 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         N := Count;
         Stage := 0;  --  the task's last accept: it ends
      end Trips;

   end Elevator;

   S : Boolean;
   L : Light;
   C : Natural;
   F : Floor;
begin
   Switch.On;
   Switch.State (S);
   Put_Line ("after On: " & Boolean'Image (S));
   select
      Switch.On;
      Put_Line ("switched on twice");
   or
      delay 0.05;
      Put_Line ("On refused while on");
   end select;
   Switch.Off;
   Switch.State (S);
   Put_Line ("after Off: " & Boolean'Image (S));

   for Round in 1 .. 2 loop
      Signal.Current (L, C);
      Put_Line ("now " & Light'Image (L) & ", cycles" & Natural'Image (C));
      Signal.Go;
      select
         Signal.Halt;
         Put_Line ("halted on green");
      else
         Put_Line ("Halt refused on green");
      end select;
      Signal.Caution;
      Signal.Current (L, C);
      Put_Line ("now " & Light'Image (L) & ", cycles" & Natural'Image (C));
      Signal.Halt;
   end loop;
   Signal.Current (L, C);
   Put_Line ("now " & Light'Image (L) & ", cycles" & Natural'Image (C));

   Elevator.Start (2);
   F := 2;
   for Dest of Floors'(7, 7, 5) loop
      Elevator.Call (Dest);
      if Dest /= F then
         Elevator.Arrive (F);
         Put_Line ("arrived at" & Floor'Image (F));
      else
         Put_Line ("already at" & Floor'Image (F));
      end if;
   end loop;
   select
      Elevator.Call (1);
      Put_Line ("a fourth call");
   or
      delay 0.05;
      Put_Line ("no fourth call");
   end select;
   Elevator.Stop;
   Elevator.Trips (C);
   Put_Line ("trips" & Natural'Image (C));
   begin
      Elevator.Stop;
      Put_Line ("stopped twice");
   exception
      when Tasking_Error => Put_Line ("Stop after the end: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
