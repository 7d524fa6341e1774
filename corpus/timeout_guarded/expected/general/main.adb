--  A guarded delay alternative: the watchdog trips once per silence.  It is
--  armed by a Kick; when 0.2 s pass without one it trips and disarms itself
--  (the guard of its delay alternative closes), so however long Main then
--  waits, the count of trips is exact: one per silence.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   type Guard_Dog_Entry is
     (Guard_Dog_No_Entry,
      Guard_Dog_Kick,
      Guard_Dog_Wait_Trip,
      Guard_Dog_Report,
      Guard_Dog_Stop);
   type Guard_Dog_Alternative is record
      Id : Guard_Dog_Entry := Guard_Dog_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Guard_Dog_Alternative_List is array (Positive range <>) of Guard_Dog_Alternative;
   --  rdv2po: task Guard_Dog became this protected object; its code runs in
   --  the task Guard_Dog_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Guard_Dog is
      entry Kick;
      entry Wait_Trip;
      entry Report (Kicks : out Natural; Trips : out Natural);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Guard_Dog_Agent
      entry Select_Arm
        (Order : Guard_Dog_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural);
      procedure Kick_Take;
      procedure Wait_Trip_Take;
      procedure Report_Take (Kicks : out Natural; Trips : out Natural);
      procedure Report_Accept_End (Kicks : in Natural; Trips : in Natural);
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue (Kicks : out Natural; Trips : out Natural);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Guard_Dog_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Guard_Dog_Alternative);
      function Queued (Alternative : Guard_Dog_Alternative) return Boolean;
      function Position_Of (Alternative : Guard_Dog_Alternative) return Natural;
      Armed_List : Guard_Dog_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Guard_Dog_Entry := Guard_Dog_No_Entry;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Kick_Armed : Boolean := False;
      Wait_Trip_Armed : Boolean := False;
      Report_Armed : Boolean := False;
      Report_Kicks : Natural;
      Report_Trips : Natural;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Guard_Dog;
   task Guard_Dog_Agent is
      --  rdv2po: general scheme agent of Guard_Dog
   end Guard_Dog_Agent;

   protected body Guard_Dog is

      entry Kick
        when Closed
          or else (Chosen = Guard_Dog_No_Entry
                   and then ((Kick_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Guard_Dog_Kick, Index => 0));
         Disarm;
         Chosen := Guard_Dog_Kick;
      end Kick;

      entry Wait_Trip
        when Closed
          or else (Chosen = Guard_Dog_No_Entry
                   and then ((Wait_Trip_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Guard_Dog_Wait_Trip, Index => 0));
         Disarm;
         Chosen := Guard_Dog_Wait_Trip;
      end Wait_Trip;

      entry Report (Kicks : out Natural; Trips : out Natural)
        when Closed
          or else (Chosen = Guard_Dog_No_Entry
                   and then ((Report_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Guard_Dog_Report, Index => 0));
         Disarm;
         Chosen := Guard_Dog_Report;
         Report_Kicks := Kicks;
         Report_Trips := Trips;
         Report_Done := False;
         requeue Report_Queue;
      end Report;

      entry Stop
        when Closed
          or else (Chosen = Guard_Dog_No_Entry
                   and then ((Stop_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Guard_Dog_Stop, Index => 0));
         Disarm;
         Chosen := Guard_Dog_Stop;
      end Stop;

      entry Select_Arm
        (Order : Guard_Dog_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Guard_Dog_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not Timed_Wait then
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
         Timed := Timed_Wait and then Found = 0;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Guard_Dog_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Guard_Dog_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Kick_Armed := False;
         Wait_Trip_Armed := False;
         Report_Armed := False;
         Stop_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Guard_Dog_Alternative) is
      begin
         case Alternative.Id is
            when Guard_Dog_Kick =>
               Kick_Armed := True;
            when Guard_Dog_Wait_Trip =>
               Wait_Trip_Armed := True;
            when Guard_Dog_Report =>
               Report_Armed := True;
            when Guard_Dog_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Guard_Dog_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Guard_Dog_Kick =>
               return Guard_Dog.Kick'Count > 0;
            when Guard_Dog_Wait_Trip =>
               return Guard_Dog.Wait_Trip'Count > 0;
            when Guard_Dog_Report =>
               return Guard_Dog.Report'Count > 0;
            when Guard_Dog_Stop =>
               return Guard_Dog.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Guard_Dog_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Kick_Take is
      begin
         Chosen := Guard_Dog_No_Entry;
      end Kick_Take;

      procedure Wait_Trip_Take is
      begin
         Chosen := Guard_Dog_No_Entry;
      end Wait_Trip_Take;

      procedure Report_Take (Kicks : out Natural; Trips : out Natural) is
      begin
         Kicks := Report_Kicks;
         Trips := Report_Trips;
         Chosen := Guard_Dog_No_Entry;
      end Report_Take;

      procedure Report_Accept_End (Kicks : in Natural; Trips : in Natural) is
      begin
         Report_Kicks := Kicks;
         Report_Trips := Trips;
         Report_Done := True;
      end Report_Accept_End;

      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
         Report_Raised := True;
         Report_Done := True;
      end Report_Failed;

      entry Report_Queue (Kicks : out Natural; Trips : out Natural)
        when Report_Done or else Closed is
      begin
         if not Report_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Report_Done := False;
         if Report_Raised then
            Report_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Report_Failure);
         end if;
         Kicks := Report_Kicks;
         Trips := Report_Trips;
      end Report_Queue;

      procedure Stop_Take is
      begin
         Chosen := Guard_Dog_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Guard_Dog;

   task body Guard_Dog_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Guard_Dog_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Guard_Dog_Closer);
      overriding procedure Finalize (Object : in out Guard_Dog_Closer) is
      begin
         Guard_Dog.Close;
      end Finalize;
      Closer : Guard_Dog_Closer;
      Kicks   : Natural := 0;
      Trips   : Natural := 0;
      Armed   : Boolean := False;
      Tripped : Boolean := False;
   begin
      loop
         declare
            Choice : Natural;
         begin
            if Armed then
               select
                  Guard_Dog.Select_Arm
                    (Order => (1 => (Guard_Dog_Kick, 0),
                               2 => ((if Tripped then Guard_Dog_Wait_Trip else Guard_Dog_No_Entry), 0),
                               3 => (Guard_Dog_Report, 0),
                               4 => (Guard_Dog_Stop, 0)),
                     Timed_Wait => True,
                     Chosen_Position => Choice);
               or
                  delay 0.2;
                  Choice := 0;
               end select;
            else
               Guard_Dog.Select_Arm
                 (Order => (1 => (Guard_Dog_Kick, 0),
                            2 => ((if Tripped then Guard_Dog_Wait_Trip else Guard_Dog_No_Entry), 0),
                            3 => (Guard_Dog_Report, 0),
                            4 => (Guard_Dog_Stop, 0)),
                  Timed_Wait => False,
                  Chosen_Position => Choice);
            end if;
            case Choice is
               when 1 =>
                  Guard_Dog.Kick_Take;
                  Kicks := Kicks + 1;
                  Armed := True;
                  Tripped := False;
               when 2 =>
                  Guard_Dog.Wait_Trip_Take;
               when 3 =>
                  Report_Parameters : declare
                     Kicks : Natural;
                     Trips : Natural;
                  begin
                     Guard_Dog.Report_Take (Kicks, Trips);
                     begin
                        Report_Parameters.Kicks := Guard_Dog_Agent.Kicks;
                        Report_Parameters.Trips := Guard_Dog_Agent.Trips;
                     exception
                        when Occurrence : others =>
                           Guard_Dog.Report_Failed (Occurrence);
                           raise;
                     end;
                     Guard_Dog.Report_Accept_End (Kicks, Trips);
                  end Report_Parameters;
               when 4 =>
                  Guard_Dog.Stop_Take;
                  exit;
               when others =>
                  Trips := Trips + 1;
                  Armed := False;
                  Tripped := True;
            end case;
         end;
      end loop;
   end Guard_Dog_Agent;

   Kicks : Natural;
   Trips : Natural;

begin
   delay 0.1;                    --  not armed yet: no trip
   Guard_Dog.Report (Kicks, Trips);
   Ada.Text_IO.Put_Line ("before any kick:" & Natural'Image (Trips));
   for Round in 1 .. 2 loop
      for I in 1 .. 3 loop
         Guard_Dog.Kick;
      end loop;
      Guard_Dog.Wait_Trip;
      delay 0.1;                 --  disarmed: no further trip
      Guard_Dog.Report (Kicks, Trips);
      Ada.Text_IO.Put_Line ("round" & Integer'Image (Round) & ": kicks" & Natural'Image (Kicks)
                            & ", trips" & Natural'Image (Trips));
   end loop;
   Guard_Dog.Stop;
   Ada.Text_IO.Put_Line ("PASSED");
end Main;
