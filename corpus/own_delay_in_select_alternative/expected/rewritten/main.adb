--  A delay statement inside the alternatives of a selective accept: after
--  the accept of a select that also offers terminate (Sleeper), and after
--  the accept of a select with an else part, then in the else part of a
--  second one (Poller).  Every delay must last at least as long as asked,
--  and Poller, which first waits until its caller is queued, must take the
--  accept the first time and the else part the second.  The tasks note
--  what happened; Main reports once both blocks are left.

with Ada.Real_Time; use Ada.Real_Time;
with Ada.Text_IO;   use Ada.Text_IO;

procedure Main is

   Pause : constant Time_Span := Milliseconds (50);

   Sleeper_Accepted : Boolean := False;
   Poller_Accepted  : Boolean := False;
   Poller_Skipped   : Boolean := False;
   Short_Delays     : Natural := 0;

   procedure Check_Pause (Since : Time) is
   begin
      if Clock - Since < Pause then
         Short_Delays := Short_Delays + 1;
      end if;
   end Check_Pause;

begin
   declare
      package Sleeper is
         procedure Wake;
      end Sleeper;

      package body Sleeper is
         Start : Time;

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Wake;
            procedure Finish (Ended : Boolean);
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
            Stage : Positive := 1;   -- 1 at accept Wake
         end Turn;

         protected body Turn is
            entry Wake when Over or else (not Busy and then Stage = 1) is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 2;
            end Wake;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;
         end Turn;

         procedure Wake is
            Ended : Boolean := False;
         begin
            Turn.Wake;
            begin
               Sleeper_Accepted := True;
               Start := Clock;
               delay To_Duration (Pause);
               Check_Pause (Start);
               Ended := True;   -- the task's end
            exception
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Wake;
      end Sleeper;
   begin
      Sleeper.Wake;
   end;

   declare
      task Poller is
         entry Ring;
      end Poller;

      task body Poller is
         Start : Time;
      begin
         --  the else part must not be taken while Main is on its way
         while Ring'Count = 0 loop
            delay 0.005;
         end loop;

         select
            accept Ring;
            Poller_Accepted := True;
            Start := Clock;
            delay To_Duration (Pause);
            Check_Pause (Start);
         else
            null;
         end select;

         --  nobody calls Ring again: the else part is taken
         select
            accept Ring;
         else
            Poller_Skipped := True;
            Start := Clock;
            delay To_Duration (Pause);
            Check_Pause (Start);
         end select;
      end Poller;
   begin
      Poller.Ring;
   end;

   Put_Line ("accept then delay, beside terminate: " & Boolean'Image (Sleeper_Accepted));
   Put_Line ("accept then delay, beside else: " & Boolean'Image (Poller_Accepted));
   Put_Line ("else part with a delay: " & Boolean'Image (Poller_Skipped));
   Put_Line ("delays shorter than asked:" & Natural'Image (Short_Delays));
   if Sleeper_Accepted and then Poller_Accepted and then Poller_Skipped
     and then Short_Delays = 0
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
