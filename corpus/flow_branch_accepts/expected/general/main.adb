--  Servers whose accepts sit in the branches of an if or case statement, each
--  branch beginning with its accept or select (a state machine written as
--  control flow).  The server scheme makes each such statement one sync point
--  whose alternatives are guarded by their branch's condition: the barriers
--  an engineer writes (entry On when not Lit).
with Ada.Exceptions;
with Ada.Finalization;
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
   type Signal_Entry is
     (Signal_No_Entry,
      Signal_Go,
      Signal_Caution,
      Signal_Halt,
      Signal_Current);
   type Signal_Alternative is record
      Id : Signal_Entry := Signal_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Signal_Alternative_List is array (Positive range <>) of Signal_Alternative;
   --  rdv2po: task Signal became this protected object; its code runs in the
   --  task Signal_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Signal is
      entry Go;
      entry Caution;
      entry Halt;
      entry Current (L : out Light; N : out Natural);
      --  rdv2po: the rendezvous protocol, for Signal_Agent
      entry Select_Arm
        (Order : Signal_Alternative_List;
         Wake : Boolean;
         Chosen_Position : out Natural);
      entry Go_Held;
      procedure Go_Woken;
      procedure Go_Take;
      entry Caution_Accept_Begin;
      procedure Halt_Take;
      entry Current_Held (L : out Light; N : out Natural);
      procedure Current_Woken (L : in Light; N : in Natural);
      procedure Current_Take (L : out Light; N : out Natural);
      procedure Current_Accept_End (L : in Light; N : in Natural);
      procedure Current_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Current_Queue (L : out Light; N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Signal_Alternative_List;
         Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Signal_Alternative);
      function Queued (Alternative : Signal_Alternative) return Boolean;
      function Position_Of (Alternative : Signal_Alternative) return Natural;
      Armed_List : Signal_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position_2 : Natural := 0;
      Chosen : Signal_Entry := Signal_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Go_Armed : Boolean := False;
      Halt_Armed : Boolean := False;
      Current_Armed : Boolean := False;
      Current_L : Light;
      Current_N : Natural;
      Current_Done : Boolean := False;
      Current_Raised : Boolean := False;
      Current_Failure : Ada.Exceptions.Exception_Occurrence;
   end Signal;
   task Signal_Agent is
      --  rdv2po: general scheme agent of Signal
      entry Wake_1 (Positive range 1 .. 2);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Light; Value_2 : out Natural);
   end Signal_Agent;
   protected body Signal is

      entry Go
        when Closed
          or else (Chosen = Signal_No_Entry
                   and then Go_Armed
                   and then Go_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Signal_Agent.Wake_1
              (Position_Of ((Id => Signal_Go, Index => 0))) with abort;
         end if;
         Position_2 := Position_Of ((Id => Signal_Go, Index => 0));
         Go_Woken;
      end Go;

      entry Go_Held
        when Closed or else (Chosen = Signal_No_Entry and then Go_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position_2 := Position_Of ((Id => Signal_Go, Index => 0));
         Go_Woken;
      end Go_Held;

      entry Caution
        when Closed
          or else (Chosen = Signal_No_Entry
                   and then Caution_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Signal_Caution;
      end Caution;

      entry Halt
        when Closed or else (Chosen = Signal_No_Entry and then Halt_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position_2 := Position_Of ((Id => Signal_Halt, Index => 0));
         Disarm;
         Chosen := Signal_Halt;
      end Halt;

      entry Current (L : out Light; N : out Natural)
        when Closed
          or else (Chosen = Signal_No_Entry
                   and then Current_Armed
                   and then Current_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Signal_Agent.Wake_2
              (Position_Of ((Id => Signal_Current, Index => 0))) with abort;
         end if;
         Position_2 := Position_Of ((Id => Signal_Current, Index => 0));
         Current_Woken (L, N);
         requeue Current_Queue;
      end Current;

      entry Current_Held (L : out Light; N : out Natural)
        when Closed or else (Chosen = Signal_No_Entry and then Current_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position_2 := Position_Of ((Id => Signal_Current, Index => 0));
         Current_Woken (L, N);
         requeue Current_Queue;
      end Current_Held;

      entry Select_Arm
        (Order : Signal_Alternative_List;
         Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Signal_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not Wake then
            raise Program_Error;
         end if;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Wake and then Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Signal_Alternative_List;
         Wake : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Signal_No_Entry is
      begin
         Chosen_Position := Position_2;
      end Select_Wait;

      procedure Disarm is
      begin
         Go_Armed := False;
         Halt_Armed := False;
         Current_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Signal_Alternative) is
      begin
         case Alternative.Id is
            when Signal_Go =>
               Go_Armed := True;
            when Signal_Halt =>
               Halt_Armed := True;
            when Signal_Current =>
               Current_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Signal_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Signal_Go =>
               return Signal.Go'Count + Go_Held'Count > 0;
            when Signal_Halt =>
               return Signal.Halt'Count > 0;
            when Signal_Current =>
               return Signal.Current'Count + Current_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Signal_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Go_Take is
      begin
         Chosen := Signal_No_Entry;
      end Go_Take;

      procedure Go_Woken is
      begin
         Disarm;
         Chosen := Signal_Go;
      end Go_Woken;

      entry Caution_Accept_Begin
        when Chosen = Signal_Caution is
      begin
         Chosen := Signal_No_Entry;
      end Caution_Accept_Begin;

      procedure Halt_Take is
      begin
         Chosen := Signal_No_Entry;
      end Halt_Take;

      procedure Current_Take (L : out Light; N : out Natural) is
      begin
         L := Current_L;
         N := Current_N;
         Chosen := Signal_No_Entry;
      end Current_Take;

      procedure Current_Woken (L : in Light; N : in Natural) is
      begin
         Disarm;
         Chosen := Signal_Current;
         Current_L := L;
         Current_N := N;
         Current_Done := False;
      end Current_Woken;

      procedure Current_Accept_End (L : in Light; N : in Natural) is
      begin
         Current_L := L;
         Current_N := N;
         Current_Done := True;
      end Current_Accept_End;

      procedure Current_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Current_Failure, Occurrence);
         Current_Raised := True;
         Current_Done := True;
      end Current_Failed;

      entry Current_Queue (L : out Light; N : out Natural)
        when Current_Done or else Closed is
      begin
         if not Current_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Current_Done := False;
         if Current_Raised then
            Current_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Current_Failure);
         end if;
         L := Current_L;
         N := Current_N;
      end Current_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Signal;

   task body Signal_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Signal_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Signal_Closer);
      overriding procedure Finalize (Object : in out Signal_Closer) is
      begin
         Signal.Close;
      end Finalize;
      Closer : Signal_Closer;
      Colour : Light := Red;
      Cycles : Natural := 0;
      Changes : Natural := 0;
   begin
      loop
         case Colour is
            when Red =>
               declare
                  Alternatives : constant Signal_Alternative_List :=
                    (1 => (Signal_Go, 0),
                     2 => (Signal_Current, 0));
                  Choice : Natural;
               begin
                  Signal.Select_Arm
                    (Order => Alternatives,
                     Wake => True,
                     Chosen_Position => Choice);
                  if Choice = 0 then
                     select
                        accept Wake_1 (1) do
                           Signal.Go_Woken;
                        end Wake_1;
                        Choice := 1;
                     or
                        accept Wake_2 (2)
                          (Value_1 : out Light; Value_2 : out Natural) do
                           Signal.Current_Woken (Value_1, Value_2);
                           requeue Signal.Current_Queue;
                        end Wake_2;
                        Choice := 2;
                     or
                        terminate;
                     end select;
                     --  rdv2po: callers that came too early wait in the object again
                     loop
                        select
                           accept Wake_1 (1) do
                              requeue Signal.Go_Held with abort;
                           end Wake_1;
                        or
                           accept Wake_2 (2)
                             (Value_1 : out Light; Value_2 : out Natural) do
                              requeue Signal.Current_Held with abort;
                           end Wake_2;
                        else
                           exit;
                        end select;
                     end loop;
                  end if;
                  case Choice is
                     when 1 =>
                        Signal.Go_Take;
                        Colour := Green;
                     when 2 =>
                        declare
                           L : Light;
                           N : Natural;
                        begin
                           Signal.Current_Take (L, N);
                           begin
                              L := Colour;
                              N := Cycles;
                           exception
                              when Occurrence : others =>
                                 Signal.Current_Failed (Occurrence);
                                 raise;
                           end;
                           Signal.Current_Accept_End (L, N);
                        end;
                     when others =>
                        null;
                  end case;
               end;
            when Green =>
               Signal.Caution_Accept_Begin;
               Colour := Yellow;
            when others =>
               declare
                  Choice : Natural;
               begin
                  Signal.Select_Arm
                    (Order => (1 => (Signal_Halt, 0),
                               2 => (Signal_Current, 0)),
                     Wake => False,
                     Chosen_Position => Choice);
                  case Choice is
                     when 1 =>
                        Signal.Halt_Take;
                        Colour := Red;
                     when 2 =>
                        declare
                           L : Light;
                           N : Natural;
                        begin
                           Signal.Current_Take (L, N);
                           begin
                              L := Colour;
                              N := Cycles;
                           exception
                              when Occurrence : others =>
                                 Signal.Current_Failed (Occurrence);
                                 raise;
                           end;
                           Signal.Current_Accept_End (L, N);
                        end;
                     when others =>
                        null;
                  end case;
               end;
               if Colour = Red then
                  Cycles := Cycles + 1;
               end if;
         end case;
         Changes := Changes + 1;
      end loop;
   end Signal_Agent;

   --  An elevator: an accept before its loop, an elsif chain in it, an exit
   --  from the loop in one branch, and a last accept after the loop.  It
   --  takes three calls, then only Stop.
   subtype Floor is Integer range 0 .. 9;
   type Floors is array (Positive range <>) of Floor;
   type Elevator_Entry is
     (Elevator_No_Entry,
      Elevator_Start,
      Elevator_Call,
      Elevator_Arrive,
      Elevator_Stop,
      Elevator_Trips);
   --  rdv2po: task Elevator became this protected object; its code runs in the
   --  task Elevator_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Elevator is
      entry Start (At_Floor : Floor);
      entry Call (F : Floor);
      entry Arrive (At_Floor : out Floor);
      entry Stop;
      entry Trips (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Elevator_Agent
      entry Start_Accept_Begin (At_Floor : out Floor);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (At_Floor : in Floor);
      entry Call_Accept_Begin (F : out Floor);
      procedure Call_Accept_End;
      procedure Call_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Call_Queue (F : in Floor);
      entry Arrive_Accept_Begin (At_Floor : out Floor);
      procedure Arrive_Accept_End (At_Floor : in Floor);
      procedure Arrive_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Arrive_Queue (At_Floor : out Floor);
      entry Stop_Accept_Begin;
      entry Trips_Accept_Begin (N : out Natural);
      procedure Trips_Accept_End (N : in Natural);
      procedure Trips_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Trips_Queue (N : out Natural);
      procedure Close;
   private
      Chosen : Elevator_Entry := Elevator_No_Entry;
      Closed : Boolean := False;
      Start_At_Floor : Floor;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Call_F : Floor;
      Call_Done : Boolean := False;
      Call_Raised : Boolean := False;
      Call_Failure : Ada.Exceptions.Exception_Occurrence;
      Arrive_At_Floor : Floor;
      Arrive_Done : Boolean := False;
      Arrive_Raised : Boolean := False;
      Arrive_Failure : Ada.Exceptions.Exception_Occurrence;
      Trips_N : Natural;
      Trips_Done : Boolean := False;
      Trips_Raised : Boolean := False;
      Trips_Failure : Ada.Exceptions.Exception_Occurrence;
   end Elevator;
   task Elevator_Agent is
      --  rdv2po: general scheme agent of Elevator
   end Elevator_Agent;
   protected body Elevator is

      entry Start (At_Floor : Floor)
        when Closed
          or else (Chosen = Elevator_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Elevator_Start;
         Start_At_Floor := At_Floor;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Call (F : Floor)
        when Closed
          or else (Chosen = Elevator_No_Entry
                   and then Call_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Elevator_Call;
         Call_F := F;
         Call_Done := False;
         requeue Call_Queue;
      end Call;

      entry Arrive (At_Floor : out Floor)
        when Closed
          or else (Chosen = Elevator_No_Entry
                   and then Arrive_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Elevator_Arrive;
         Arrive_At_Floor := At_Floor;
         Arrive_Done := False;
         requeue Arrive_Queue;
      end Arrive;

      entry Stop
        when Closed
          or else (Chosen = Elevator_No_Entry
                   and then Stop_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Elevator_Stop;
      end Stop;

      entry Trips (N : out Natural)
        when Closed
          or else (Chosen = Elevator_No_Entry
                   and then Trips_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Elevator_Trips;
         Trips_N := N;
         Trips_Done := False;
         requeue Trips_Queue;
      end Trips;

      entry Start_Accept_Begin (At_Floor : out Floor)
        when Chosen = Elevator_Start is
      begin
         At_Floor := Start_At_Floor;
         Chosen := Elevator_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (At_Floor : in Floor)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      entry Call_Accept_Begin (F : out Floor)
        when Chosen = Elevator_Call is
      begin
         F := Call_F;
         Chosen := Elevator_No_Entry;
      end Call_Accept_Begin;

      procedure Call_Accept_End is
      begin
         Call_Done := True;
      end Call_Accept_End;

      procedure Call_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Call_Failure, Occurrence);
         Call_Raised := True;
         Call_Done := True;
      end Call_Failed;

      entry Call_Queue (F : in Floor)
        when Call_Done or else Closed is
      begin
         if not Call_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Call_Done := False;
         if Call_Raised then
            Call_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Call_Failure);
         end if;
      end Call_Queue;

      entry Arrive_Accept_Begin (At_Floor : out Floor)
        when Chosen = Elevator_Arrive is
      begin
         At_Floor := Arrive_At_Floor;
         Chosen := Elevator_No_Entry;
      end Arrive_Accept_Begin;

      procedure Arrive_Accept_End (At_Floor : in Floor) is
      begin
         Arrive_At_Floor := At_Floor;
         Arrive_Done := True;
      end Arrive_Accept_End;

      procedure Arrive_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Arrive_Failure, Occurrence);
         Arrive_Raised := True;
         Arrive_Done := True;
      end Arrive_Failed;

      entry Arrive_Queue (At_Floor : out Floor)
        when Arrive_Done or else Closed is
      begin
         if not Arrive_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Arrive_Done := False;
         if Arrive_Raised then
            Arrive_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Arrive_Failure);
         end if;
         At_Floor := Arrive_At_Floor;
      end Arrive_Queue;

      entry Stop_Accept_Begin
        when Chosen = Elevator_Stop is
      begin
         Chosen := Elevator_No_Entry;
      end Stop_Accept_Begin;

      entry Trips_Accept_Begin (N : out Natural)
        when Chosen = Elevator_Trips is
      begin
         N := Trips_N;
         Chosen := Elevator_No_Entry;
      end Trips_Accept_Begin;

      procedure Trips_Accept_End (N : in Natural) is
      begin
         Trips_N := N;
         Trips_Done := True;
      end Trips_Accept_End;

      procedure Trips_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Trips_Failure, Occurrence);
         Trips_Raised := True;
         Trips_Done := True;
      end Trips_Failed;

      entry Trips_Queue (N : out Natural)
        when Trips_Done or else Closed is
      begin
         if not Trips_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Trips_Done := False;
         if Trips_Raised then
            Trips_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Trips_Failure);
         end if;
         N := Trips_N;
      end Trips_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Elevator;

   task body Elevator_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Elevator_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Elevator_Closer);
      overriding procedure Finalize (Object : in out Elevator_Closer) is
      begin
         Elevator.Close;
      end Finalize;
      Closer : Elevator_Closer;
      Position, Target : Floor := 0;
      Moving : Boolean := False;
      Count : Natural := 0;
   begin
      declare
         At_Floor : Floor;
      begin
         Elevator.Start_Accept_Begin (At_Floor);
         begin
            Position := At_Floor;
         exception
            when Occurrence : others =>
               Elevator.Start_Failed (Occurrence);
               raise;
         end;
         Elevator.Start_Accept_End;
      end;
      loop
         if Moving then
            declare
               At_Floor : Floor;
            begin
               Elevator.Arrive_Accept_Begin (At_Floor);
               begin
                  Position := Target;
                  At_Floor := Position;
               exception
                  when Occurrence : others =>
                     Elevator.Arrive_Failed (Occurrence);
                     raise;
               end;
               Elevator.Arrive_Accept_End (At_Floor);
            end;
            Moving := False;
         elsif Count < 3 then
            declare
               F : Floor;
            begin
               Elevator.Call_Accept_Begin (F);
               begin
                  Target := F;
               exception
                  when Occurrence : others =>
                     Elevator.Call_Failed (Occurrence);
                     raise;
               end;
               Elevator.Call_Accept_End;
            end;
            Moving := Target /= Position;
            Count := Count + 1;
         else
            Elevator.Stop_Accept_Begin;
            exit;
         end if;
      end loop;
      declare
         N : Natural;
      begin
         Elevator.Trips_Accept_Begin (N);
         begin
            N := Count;
         exception
            when Occurrence : others =>
               Elevator.Trips_Failed (Occurrence);
               raise;
         end;
         Elevator.Trips_Accept_End (N);
      end;
   end Elevator_Agent;

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
