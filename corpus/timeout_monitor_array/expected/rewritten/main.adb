--  Heartbeat monitors, an array of a task type: each suspects its node when
--  no Beat comes for 0.2 s, and a Beat clears the suspicion.  Main beats
--  nodes 1 and 3 every 20 ms for 0.5 s and node 2 only at the start; the
--  last beats come right before the questions, so the answers do not depend
--  on timing: only node 2 is suspected.

with Ada.Real_Time.Timing_Events;
with Ada.Text_IO;

procedure Main is

   protected type Monitor is
      entry Beat;
      entry Suspected (S : out Boolean);
      entry Stop;
      procedure Activate;  --  rdv2po: called where the task was activated
   private
      --  rdv2po: task Monitor became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Missed : Boolean := False;
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
   end Monitor;

   protected body Monitor is

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
         Missed := True;
         Wait (0.2);
      end Expired;

      procedure Activate is
      begin
         if not Waiting and then not Ended then
            Wait (0.2);
         end if;
      end Activate;

      entry Beat when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         Missed := False;
         Wait (0.2);
      end Beat;

      entry Suspected (S : out Boolean) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         S := Missed;
         Wait (0.2);
      end Suspected;

      entry Stop when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         Ended := True;  --  the task left its loop
         return;
      end Stop;

   end Monitor;

   Monitors : array (1 .. 3) of Monitor;
   S        : Boolean;

begin
   for Each of Monitors loop Each.Activate; end loop;  --  rdv2po: the task was activated here, waiting at its select
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
