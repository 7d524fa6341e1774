--  Heartbeat monitors, an array of a task type: each suspects its node when
--  no Beat comes for 0.2 s, and a Beat clears the suspicion.  Main beats
--  nodes 1 and 3 every 20 ms for 0.5 s and node 2 only at the start; the
--  last beats come right before the questions, so the answers do not depend
--  on timing: only node 2 is suspected.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   type Monitor;
   type Monitor_Entry is
     (Monitor_No_Entry,
      Monitor_Beat,
      Monitor_Suspected,
      Monitor_Stop);
   type Monitor_Alternative is record
      Id : Monitor_Entry := Monitor_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Monitor_Alternative_List is array (Positive range <>) of Monitor_Alternative;
   task type Monitor_Agent (Self : not null access Monitor) is
      --  rdv2po: general scheme agent of Monitor
   end Monitor_Agent;
   --  rdv2po: task type Monitor became this protected type; its code runs in
   --  Monitor_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Monitor is
      entry Beat;
      entry Suspected (S : out Boolean);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Monitor_Agent
      entry Select_Arm
        (Order : Monitor_Alternative_List;
         Chosen_Position : out Natural);
      procedure Beat_Take;
      procedure Suspected_Take (S : out Boolean);
      procedure Suspected_Accept_End (S : in Boolean);
      procedure Suspected_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Suspected_Queue (S : out Boolean);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Monitor_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Monitor_Alternative);
      function Queued (Alternative : Monitor_Alternative) return Boolean;
      function Position_Of (Alternative : Monitor_Alternative) return Natural;
      Armed_List : Monitor_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Monitor_Entry := Monitor_No_Entry;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Beat_Armed : Boolean := False;
      Suspected_Armed : Boolean := False;
      Suspected_S : Boolean;
      Suspected_Done : Boolean := False;
      Suspected_Raised : Boolean := False;
      Suspected_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Agent : Monitor_Agent (Self => Monitor'Unchecked_Access);
   end Monitor;

   protected body Monitor is

      entry Beat
        when Closed
          or else (Chosen = Monitor_No_Entry
                   and then ((Beat_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Monitor_Beat, Index => 0));
         Disarm;
         Chosen := Monitor_Beat;
      end Beat;

      entry Suspected (S : out Boolean)
        when Closed
          or else (Chosen = Monitor_No_Entry
                   and then ((Suspected_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Monitor_Suspected, Index => 0));
         Disarm;
         Chosen := Monitor_Suspected;
         Suspected_S := S;
         Suspected_Done := False;
         requeue Suspected_Queue;
      end Suspected;

      entry Stop
        when Closed
          or else (Chosen = Monitor_No_Entry
                   and then ((Stop_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Monitor_Stop, Index => 0));
         Disarm;
         Chosen := Monitor_Stop;
      end Stop;

      entry Select_Arm
        (Order : Monitor_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Monitor_No_Entry then
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
        (Order : Monitor_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Monitor_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Beat_Armed := False;
         Suspected_Armed := False;
         Stop_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Monitor_Alternative) is
      begin
         case Alternative.Id is
            when Monitor_Beat =>
               Beat_Armed := True;
            when Monitor_Suspected =>
               Suspected_Armed := True;
            when Monitor_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Monitor_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Monitor_Beat =>
               return Monitor.Beat'Count > 0;
            when Monitor_Suspected =>
               return Monitor.Suspected'Count > 0;
            when Monitor_Stop =>
               return Monitor.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Monitor_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Beat_Take is
      begin
         Chosen := Monitor_No_Entry;
      end Beat_Take;

      procedure Suspected_Take (S : out Boolean) is
      begin
         S := Suspected_S;
         Chosen := Monitor_No_Entry;
      end Suspected_Take;

      procedure Suspected_Accept_End (S : in Boolean) is
      begin
         Suspected_S := S;
         Suspected_Done := True;
      end Suspected_Accept_End;

      procedure Suspected_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Suspected_Failure, Occurrence);
         Suspected_Raised := True;
         Suspected_Done := True;
      end Suspected_Failed;

      entry Suspected_Queue (S : out Boolean)
        when Suspected_Done or else Closed is
      begin
         if not Suspected_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Suspected_Done := False;
         if Suspected_Raised then
            Suspected_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Suspected_Failure);
         end if;
         S := Suspected_S;
      end Suspected_Queue;

      procedure Stop_Take is
      begin
         Chosen := Monitor_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Monitor;

   task body Monitor_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Monitor_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Monitor_Closer);
      overriding procedure Finalize (Object : in out Monitor_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Monitor_Closer;
      Missed : Boolean := False;
   begin
      loop
         declare
            Choice : Natural;
         begin
            select
               Self.Select_Arm
                 (Order => (1 => (Monitor_Beat, 0),
                            2 => (Monitor_Suspected, 0),
                            3 => (Monitor_Stop, 0)),
                  Chosen_Position => Choice);
            or
               delay 0.2;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  Self.Beat_Take;
                  Missed := False;
               when 2 =>
                  declare
                     S : Boolean;
                  begin
                     Self.Suspected_Take (S);
                     begin
                        S := Missed;
                     exception
                        when Occurrence : others =>
                           Self.Suspected_Failed (Occurrence);
                           raise;
                     end;
                     Self.Suspected_Accept_End (S);
                  end;
               when 3 =>
                  Self.Stop_Take;
                  exit;
               when others =>
                  Missed := True;
            end case;
         end;
      end loop;
   end Monitor_Agent;

   Monitors : array (1 .. 3) of Monitor;
   S        : Boolean;

begin
   for Tick in 1 .. 25 loop
      for I in Monitors'Range loop
         if I /= 2 or else Tick <= 2 then
            Monitors (I).Beat;
         end if;
      end loop;
      delay 0.02;
   end loop;
   Monitors (1).Beat;
   Monitors (3).Beat;
   for I in Monitors'Range loop
      Monitors (I).Suspected (S);
      Ada.Text_IO.Put_Line ("node" & Integer'Image (I) & " suspected: " & Boolean'Image (S));
      Monitors (I).Stop;
   end loop;
   Ada.Text_IO.Put_Line ("PASSED");
end Main;
