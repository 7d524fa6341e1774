--  A watchdog: a server whose select waits 0.2 s for a Kick and otherwise
--  trips (counts a missed kick).  Main kicks it ten times in a row, then
--  waits until it has tripped (Wait_Trip is open once Trips > 0), reads the
--  counts and stops it; a kick after Stop raises Tasking_Error.  The number
--  of trips depends on timing, so only "at least one" is printed.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   type Watchdog_Entry is
     (Watchdog_No_Entry,
      Watchdog_Kick,
      Watchdog_Wait_Trip,
      Watchdog_Report,
      Watchdog_Stop);
   type Watchdog_Alternative is record
      Id : Watchdog_Entry := Watchdog_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Watchdog_Alternative_List is array (Positive range <>) of Watchdog_Alternative;
   --  rdv2po: task Watchdog became this protected object; its code runs in the
   --  task Watchdog_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Watchdog is
      entry Kick;
      entry Wait_Trip;
      entry Report (Kicks : out Natural; Trips : out Natural);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Watchdog_Agent
      entry Select_Arm
        (Order : Watchdog_Alternative_List;
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
        (Order : Watchdog_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Watchdog_Alternative);
      function Queued (Alternative : Watchdog_Alternative) return Boolean;
      function Position_Of (Alternative : Watchdog_Alternative) return Natural;
      Armed_List : Watchdog_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Watchdog_Entry := Watchdog_No_Entry;
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
   end Watchdog;
   task Watchdog_Agent is
      --  rdv2po: general scheme agent of Watchdog
   end Watchdog_Agent;

   protected body Watchdog is

      entry Kick
        when Closed
          or else (Chosen = Watchdog_No_Entry
                   and then ((Kick_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watchdog_Kick, Index => 0));
         Disarm;
         Chosen := Watchdog_Kick;
      end Kick;

      entry Wait_Trip
        when Closed
          or else (Chosen = Watchdog_No_Entry
                   and then ((Wait_Trip_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watchdog_Wait_Trip, Index => 0));
         Disarm;
         Chosen := Watchdog_Wait_Trip;
      end Wait_Trip;

      entry Report (Kicks : out Natural; Trips : out Natural)
        when Closed
          or else (Chosen = Watchdog_No_Entry
                   and then ((Report_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watchdog_Report, Index => 0));
         Disarm;
         Chosen := Watchdog_Report;
         Report_Kicks := Kicks;
         Report_Trips := Trips;
         Report_Done := False;
         requeue Report_Queue;
      end Report;

      entry Stop
        when Closed
          or else (Chosen = Watchdog_No_Entry
                   and then ((Stop_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watchdog_Stop, Index => 0));
         Disarm;
         Chosen := Watchdog_Stop;
      end Stop;

      entry Select_Arm
        (Order : Watchdog_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Watchdog_No_Entry then
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
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
         Timed := Found = 0;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Watchdog_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Watchdog_No_Entry is
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

      procedure Arm (Alternative : Watchdog_Alternative) is
      begin
         case Alternative.Id is
            when Watchdog_Kick =>
               Kick_Armed := True;
            when Watchdog_Wait_Trip =>
               Wait_Trip_Armed := True;
            when Watchdog_Report =>
               Report_Armed := True;
            when Watchdog_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Watchdog_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Watchdog_Kick =>
               return Watchdog.Kick'Count > 0;
            when Watchdog_Wait_Trip =>
               return Watchdog.Wait_Trip'Count > 0;
            when Watchdog_Report =>
               return Watchdog.Report'Count > 0;
            when Watchdog_Stop =>
               return Watchdog.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Watchdog_Alternative) return Natural is
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
         Chosen := Watchdog_No_Entry;
      end Kick_Take;

      procedure Wait_Trip_Take is
      begin
         Chosen := Watchdog_No_Entry;
      end Wait_Trip_Take;

      procedure Report_Take (Kicks : out Natural; Trips : out Natural) is
      begin
         Kicks := Report_Kicks;
         Trips := Report_Trips;
         Chosen := Watchdog_No_Entry;
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
         Chosen := Watchdog_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Watchdog;

   task body Watchdog_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Watchdog_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Watchdog_Closer);
      overriding procedure Finalize (Object : in out Watchdog_Closer) is
      begin
         Watchdog.Close;
      end Finalize;
      Closer : Watchdog_Closer;
      Kicks : Natural := 0;
      Trips : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            select
               Watchdog.Select_Arm
                 (Order => (1 => (Watchdog_Kick, 0),
                            2 => ((if Trips > 0 then Watchdog_Wait_Trip else Watchdog_No_Entry), 0),
                            3 => (Watchdog_Report, 0),
                            4 => (Watchdog_Stop, 0)),
                  Chosen_Position => Choice);
            or
               delay 0.2;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  Watchdog.Kick_Take;
                  Kicks := Kicks + 1;
               when 2 =>
                  Watchdog.Wait_Trip_Take;
               when 3 =>
                  Report_Parameters : declare
                     Kicks : Natural;
                     Trips : Natural;
                  begin
                     Watchdog.Report_Take (Kicks, Trips);
                     begin
                        Report_Parameters.Kicks := Watchdog_Agent.Kicks;
                        Report_Parameters.Trips := Watchdog_Agent.Trips;
                     exception
                        when Occurrence : others =>
                           Watchdog.Report_Failed (Occurrence);
                           raise;
                     end;
                     Watchdog.Report_Accept_End (Kicks, Trips);
                  end Report_Parameters;
               when 4 =>
                  Watchdog.Stop_Take;
                  exit;
               when others =>
                  Trips := Trips + 1;
            end case;
         end;
      end loop;
   end Watchdog_Agent;

   Kicks : Natural;
   Trips : Natural;

begin
   for I in 1 .. 10 loop
      Watchdog.Kick;
   end loop;
   Watchdog.Wait_Trip;
   Watchdog.Report (Kicks, Trips);
   Ada.Text_IO.Put_Line ("kicks:" & Natural'Image (Kicks));
   Ada.Text_IO.Put_Line ("tripped: " & Boolean'Image (Trips >= 1));
   Watchdog.Stop;
   begin
      Watchdog.Kick;
      Ada.Text_IO.Put_Line ("kick after stop: accepted");
   exception
      when Tasking_Error =>
         Ada.Text_IO.Put_Line ("kick after stop: Tasking_Error");
   end;
   Ada.Text_IO.Put_Line ("PASSED");
end Main;
