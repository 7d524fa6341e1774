--  A heartbeat server: once started, it beats every 20 ms, waiting with
--  "delay until Next" (the drift-free periodic idiom) between callers.  The
--  number of beats in 0.5 s depends on timing (and on how late each timeout
--  comes), so the program prints whether it lies within a tolerance.

with Ada.Real_Time.Timing_Events;
with Ada.Real_Time; use Ada.Real_Time;
with Ada.Text_IO;

procedure Main is

   protected Heart is
      entry Start (Period : Time_Span);
      entry Beats (N : out Natural);
      entry Stop;
      procedure Activate;  --  rdv2po: called where the task was activated
   private
      --  rdv2po: task Heart became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Next    : Time := Time_First;
      Step    : Time_Span := Time_Span_Zero;
      Count   : Natural := 0;
      Running : Boolean := False;
      --  the delay alternative (stage 1): Timer is set for Timer_At while
      --  Timer_Set; the task waits until Expiry while Waiting.
      pragma Interrupt_Priority;  --  a timing event handler's ceiling (RM D.15)
      Timer : Ada.Real_Time.Timing_Events.Timing_Event;
      Timer_Set : Boolean := False;
      Timer_At : Ada.Real_Time.Time;
      Expiry : Ada.Real_Time.Time;
      Waiting : Boolean := False;
      procedure Wait (At_Time : Ada.Real_Time.Time);
      procedure Stop_Waiting;
      procedure Expired (Event : in out Ada.Real_Time.Timing_Events.Timing_Event);
   end Heart;

   protected body Heart is

      procedure Wait (At_Time : Ada.Real_Time.Time) is
      begin
         Expiry := At_Time;
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
            Count := Count + 1;
            Next := Next + Step;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
         if Running then
            Wait (Next);
         end if;
      end Expired;

      procedure Activate is
      begin
         if not Waiting and then not Ended and then Running then
            Wait (Next);
         end if;
      end Activate;

      entry Start (Period : Time_Span) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         begin
            Step := Period;
            Next := Clock + Period;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Running := True;
         if Running then
            Wait (Next);
         end if;
      end Start;

      entry Beats (N : out Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         N := Count;
         if Running then
            Wait (Next);
         end if;
      end Beats;

      entry Stop when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         Ended := True;  --  the task left its loop
         return;
      end Stop;

   end Heart;

   N : Natural;

begin
   Heart.Activate;  --  rdv2po: the task was activated here, waiting at its select
   Heart.Beats (N);
   Ada.Text_IO.Put_Line ("beats before start:" & Natural'Image (N));
   Heart.Start (Milliseconds (20));
   delay 0.5;
   Heart.Beats (N);
   Ada.Text_IO.Put_Line ("beats in 0.5 s within 10 .. 30: " & Boolean'Image (N in 10 .. 30));
   Heart.Stop;
   Ada.Text_IO.Put_Line ("PASSED");
end Main;
