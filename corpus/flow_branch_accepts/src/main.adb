--  Servers whose accepts sit in the branches of an if or case statement, each
--  branch beginning with its accept or select (a state machine written as
--  control flow).  The server scheme makes each such statement one sync point
--  whose alternatives are guarded by their branch's condition: the barriers
--  an engineer writes (entry On when not Lit).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  A switch: On only when off, Off only when on; State either way.
   task Switch is
      entry On;
      entry Off;
      entry State (S : out Boolean);
   end Switch;
   task body Switch is
      Lit : Boolean := False;
   begin
      loop
         if Lit then
            select
               accept Off;
               Lit := False;
            or
               accept State (S : out Boolean) do S := Lit; end State;
            or
               terminate;
            end select;
         else
            select
               accept On;
               Lit := True;
            or
               accept State (S : out Boolean) do S := Lit; end State;
            or
               terminate;
            end select;
         end if;
      end loop;
   end Switch;

   --  A traffic light: a case over its colour, the statements of each branch
   --  after its accept, a count of cycles kept after the case.
   type Light is (Red, Green, Yellow);
   task Signal is
      entry Go;
      entry Caution;
      entry Halt;
      entry Current (L : out Light; N : out Natural);
   end Signal;
   task body Signal is
      Colour : Light := Red;
      Cycles : Natural := 0;
      Changes : Natural := 0;
   begin
      loop
         case Colour is
            when Red =>
               select
                  accept Go;
                  Colour := Green;
               or
                  accept Current (L : out Light; N : out Natural) do
                     L := Colour;
                     N := Cycles;
                  end Current;
               or
                  terminate;
               end select;
            when Green =>
               accept Caution;
               Colour := Yellow;
            when others =>
               select
                  accept Halt;
                  Colour := Red;
               or
                  accept Current (L : out Light; N : out Natural) do
                     L := Colour;
                     N := Cycles;
                  end Current;
               end select;
               if Colour = Red then
                  Cycles := Cycles + 1;
               end if;
         end case;
         Changes := Changes + 1;
      end loop;
   end Signal;

   --  An elevator: an accept before its loop, an elsif chain in it, an exit
   --  from the loop in one branch, and a last accept after the loop.  It
   --  takes three calls, then only Stop.
   subtype Floor is Integer range 0 .. 9;
   type Floors is array (Positive range <>) of Floor;
   task Elevator is
      entry Start (At_Floor : Floor);
      entry Call (F : Floor);
      entry Arrive (At_Floor : out Floor);
      entry Stop;
      entry Trips (N : out Natural);
   end Elevator;
   task body Elevator is
      Position, Target : Floor := 0;
      Moving : Boolean := False;
      Count : Natural := 0;
   begin
      accept Start (At_Floor : Floor) do
         Position := At_Floor;
      end Start;
      loop
         if Moving then
            accept Arrive (At_Floor : out Floor) do
               Position := Target;
               At_Floor := Position;
            end Arrive;
            Moving := False;
         elsif Count < 3 then
            accept Call (F : Floor) do
               Target := F;
            end Call;
            Moving := Target /= Position;
            Count := Count + 1;
         else
            accept Stop;
            exit;
         end if;
      end loop;
      accept Trips (N : out Natural) do
         N := Count;
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
