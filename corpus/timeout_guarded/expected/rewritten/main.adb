--  A guarded delay alternative: the watchdog trips once per silence.  It is
--  armed by a Kick; when 0.2 s pass without one it trips and disarms itself
--  (the guard of its delay alternative closes), so however long Main then
--  waits, the count of trips is exact: one per silence.

with Ada.Real_Time.Timing_Events;
with Ada.Text_IO;

procedure Main is

   protected Guard_Dog is
      entry Kick;
      entry Wait_Trip;
      entry Report (Kicks : out Natural; Trips : out Natural);
      entry Stop;
      procedure Activate;  --  rdv2po: called where the task was activated
   private
      --  rdv2po: task Guard_Dog became this protected object. Ended: the
      --  task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Kicks   : Natural := 0;
      Trips   : Natural := 0;
      Armed   : Boolean := False;
      Tripped : Boolean := False;
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
   end Guard_Dog;

   protected body Guard_Dog is

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
            Armed := False;
            Tripped := True;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
         if Armed then
            Wait (0.2);
         end if;
      end Expired;

      procedure Activate is
      begin
         if not Waiting and then not Ended and then Armed then
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
            Armed := True;
            Tripped := False;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
         if Armed then
            Wait (0.2);
         end if;
      end Kick;

      entry Wait_Trip when Ended or else Tripped is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         if Armed then
            Wait (0.2);
         end if;
      end Wait_Trip;

      entry Report (Kicks : out Natural; Trips : out Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         begin
            Report.Kicks := Guard_Dog.Kicks;
            Report.Trips := Guard_Dog.Trips;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         if Armed then
            Wait (0.2);
         end if;
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

   end Guard_Dog;

   Kicks : Natural;
   Trips : Natural;

begin
   Guard_Dog.Activate;  --  rdv2po: the task was activated here, waiting at its select
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
