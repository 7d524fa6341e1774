--  A watchdog: a server whose select waits 0.2 s for a Kick and otherwise
--  trips (counts a missed kick).  Main kicks it ten times in a row, then
--  waits until it has tripped (Wait_Trip is open once Trips > 0), reads the
--  counts and stops it; a kick after Stop raises Tasking_Error.  The number
--  of trips depends on timing, so only "at least one" is printed.

with Ada.Real_Time.Timing_Events;
with Ada.Text_IO;

procedure Main is

   protected Watchdog is
      entry Kick;
      entry Wait_Trip;
      entry Report (Kicks : out Natural; Trips : out Natural);
      entry Stop;
      procedure Activate;  --  rdv2po: called where the task was activated
   private
      --  rdv2po: task Watchdog became this protected object. Ended: the
      --  task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Kicks : Natural := 0;
      Trips : Natural := 0;
      --  the delay alternative (stage 1): Timer is set for Timer_At while
      --  Timer_Set; the task waits until Expiry while Waiting.
      pragma Interrupt_Priority;  --  a timing event handler's ceiling (RM D.15)
      Timer : Ada.Real_Time.Timing_Events.Timing_Event;
      Timer_Set : Boolean := False;
      Timer_At : Ada.Real_Time.Time;
      Expiry : Ada.Real_Time.Time;
      Waiting : Boolean := False;
      procedure Wait (Span : Duration);
      procedure Stop_Waiting;
      procedure Expired (Event : in out Ada.Real_Time.Timing_Events.Timing_Event);
   end Watchdog;

   protected body Watchdog is

      --  rdv2po: comments of the task body, kept:
      --  no kick for 0.2 s

      procedure Wait (Span : Duration) is
         use type Ada.Real_Time.Time;
      begin
         Expiry := Ada.Real_Time.Clock
           + Ada.Real_Time.To_Time_Span (Duration'Min (Span, 183.0 * 86_400.0));
         Waiting := True;
         if not Timer_Set then  --  (one still set is due: it fires first)
            Ada.Real_Time.Timing_Events.Set_Handler
              (Timer, Expiry, Expired'Unrestricted_Access);
            Timer_At := Expiry;
            Timer_Set := True;
         end if;
      end Wait;

      procedure Stop_Waiting is
         use type Ada.Real_Time.Time;
         Cancelled : Boolean;
      begin
         Waiting := False;
         --  cancelled only when not yet due: a due timer may be in its handler's
         --  call already; left alone, it finds no wait and does nothing
         if Timer_Set and then Ada.Real_Time.Clock < Timer_At then
            Ada.Real_Time.Timing_Events.Cancel_Handler (Timer, Cancelled);
            Timer_Set := False;
         end if;
      end Stop_Waiting;

      procedure Expired (Event : in out Ada.Real_Time.Timing_Events.Timing_Event) is
         pragma Unreferenced (Event);  --  it is Timer
      begin
         Timer_Set := False;
         if not Waiting then
            return;  --  a call was accepted first
         elsif Ada.Real_Time."<" (Ada.Real_Time.Clock, Expiry) then
            --  set for an earlier wait: on to this one's expiry
            Ada.Real_Time.Timing_Events.Set_Handler
              (Timer, Expiry, Expired'Unrestricted_Access);
            Timer_At := Expiry;
            Timer_Set := True;
            return;
         end if;
         Waiting := False;  --  the delay alternative is selected
         begin
            Trips := Trips + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
         Wait (0.2);
      end Expired;

      procedure Activate is
      begin
         if not Waiting and then not Ended then
            Wait (0.2);
         end if;
      end Activate;

      entry Kick when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         begin
            Kicks := Kicks + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
         Wait (0.2);
      end Kick;

      entry Wait_Trip when Ended or else Trips > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         Wait (0.2);
      end Wait_Trip;

      entry Report (Kicks : out Natural; Trips : out Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         begin
            Report.Kicks := Watchdog.Kicks;
            Report.Trips := Watchdog.Trips;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Wait (0.2);
      end Report;

      entry Stop when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         Ended := True;  --  the task left its loop
         return;
      end Stop;

   end Watchdog;

   Kicks : Natural;
   Trips : Natural;

begin
   Watchdog.Activate;  --  rdv2po: the task was activated here, waiting at its select
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
