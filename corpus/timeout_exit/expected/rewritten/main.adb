--  A session that expires: its select waits 0.2 s for a Touch; when none
--  comes, the delay alternative leaves the loop and the task ends.  Main
--  touches it three times, waits until it has terminated and then finds that
--  a late Touch raises Tasking_Error.

with Ada.Real_Time.Timing_Events;
with Ada.Text_IO;

procedure Main is

   protected Session is
      entry Touch;
      entry Hits (N : out Natural);
      function Is_Terminated return Boolean;  --  was Session'Terminated
      procedure Activate;  --  rdv2po: called where the task was activated
   private
      --  rdv2po: task Session became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Count  : Natural := 0;
      Closed : Boolean := False;
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
   end Session;

   protected body Session is

      --  rdv2po: comments of the task body, kept:
      --  after the loop: run where the task left it

      function Is_Terminated return Boolean is
      begin
         return Ended;
      end Is_Terminated;

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
         Ended := True;  --  the task left its loop
         --  the statements after the task's loop
         Closed := True;
         return;
      end Expired;

      procedure Activate is
      begin
         if not Waiting and then not Ended then
            Wait (0.2);
         end if;
      end Activate;

      entry Touch when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         begin
            Count := Count + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Wait (0.2);
      end Touch;

      entry Hits (N : out Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stop_Waiting;  --  this call ends the wait at the select
         N := Count;
         Wait (0.2);
      end Hits;

   end Session;

   N     : Natural;
   Polls : Natural := 0;

begin
   Session.Activate;  --  rdv2po: the task was activated here, waiting at its select
   for I in 1 .. 3 loop
      Session.Touch;
   end loop;
   Session.Hits (N);
   Ada.Text_IO.Put_Line ("hits:" & Natural'Image (N));
   while not Session.Is_Terminated loop
      delay 0.01;
      Polls := Polls + 1;
   end loop;
   Ada.Text_IO.Put_Line ("expired: " & Boolean'Image (Polls > 0));
   begin
      Session.Touch;
      Ada.Text_IO.Put_Line ("late touch: accepted");
   exception
      when Tasking_Error =>
         Ada.Text_IO.Put_Line ("late touch: Tasking_Error");
   end;
   Ada.Text_IO.Put_Line ("PASSED");
end Main;
