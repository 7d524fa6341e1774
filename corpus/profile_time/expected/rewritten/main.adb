--  A watchdog counts the periods of 0.2 s in which nobody kicked it.  The
--  main waits with relative delays and measures with Ada.Calendar.

with Ada.Real_Time.Timing_Events;
with Ada.Calendar; use Ada.Calendar;
with Ada.Text_IO;  use Ada.Text_IO;

procedure Main is

   protected Dog is
      entry Kick;
      entry Misses (N : out Natural);
      entry Stop;
      procedure Activate;  --  rdv2po: called where the task was activated
   private
      --  rdv2po: task Dog became this protected object. Ended: the task has
      --  ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Missed : Natural := 0;
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
   end Dog;

   protected body Dog is

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
            Missed := Missed + 1;
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
         Wait (0.2);
      end Kick;

      entry Misses (N : out Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         N := Missed;
         Wait (0.2);
      end Misses;

      entry Stop when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         Ended := True;  --  the task left its loop
         return;
      end Stop;

   end Dog;

   Start : constant Time := Clock;
   N     : Natural;

begin
   Dog.Activate;  --  rdv2po: the task was activated here, waiting at its select
   for I in 1 .. 5 loop
      Dog.Kick;
      delay 0.001;
   end loop;
   delay 0.5;
   Dog.Misses (N);
   Dog.Stop;
   Put_Line ("missed some periods: " & Boolean'Image (N >= 1));
   Put_Line ("time went on: " & Boolean'Image (Clock - Start >= 0.5));
   Put_Line ("PASSED");
end Main;
