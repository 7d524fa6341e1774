--  Asynchronous selects beside the caller-runs scheme.  The abortable part of
--  the first one only computes, so Meter (called before and after it) is
--  translated.  The abortable part of the second calls Recorder through
--  Record_Step: aborted while it ran Recorder's code, the caller would leave
--  Recorder's turn taken for ever, so Recorder is refused (naming the
--  asynchronous select and the call path).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Meter is
      procedure Put (N : Integer);
      procedure Get (N : out Integer);
   end Meter;

   task Recorder is
      entry Put (Step : Integer);
      entry Get (Steps : out Integer);
   end Recorder;

   package body Meter is
      Value : Integer := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Put;
         entry Get;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Put when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Put;

         entry Get when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Get;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Put (N : Integer) is
         Ended : Boolean := False;
      begin
         Turn.Put;
         begin
            Value := N;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Put_Line ("metered");
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Put;

      procedure Get (N : out Integer) is
      begin
         Turn.Get;
         begin
            N := Value;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Get;
   end Meter;

   task body Recorder is
      Count : Integer := 0;
   begin
      loop
         select
            accept Put (Step : Integer) do
               Count := Count + 1;
               Put_Line ("step" & Integer'Image (Step));
            end Put;
         or
            accept Get (Steps : out Integer) do
               Steps := Count;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Recorder;

   procedure Record_Step (Step : Integer) is
   begin
      Recorder.Put (Step);
   end Record_Step;

   function Sum_To (N : Integer) return Integer is
      S : Integer := 0;
   begin
      for I in 1 .. N loop
         S := S + I;
      end loop;
      return S;
   end Sum_To;

   Total, Steps : Integer := 0;
begin
   Meter.Put (1);
   select
      delay 10.0;
      Put_Line ("computation timed out");
   then abort
      Total := Sum_To (100);
   end select;
   Meter.Put (Total);
   Meter.Get (Total);
   select
      delay 10.0;
      Put_Line ("recording timed out");
   then abort
      for I in 1 .. 3 loop
         Record_Step (I);
      end loop;
   end select;
   Recorder.Get (Steps);
   Put_Line ("total" & Integer'Image (Total) & ", steps" & Integer'Image (Steps));
   if Total = 5050 and Steps = 3 then
      Put_Line ("PASSED");
   end if;
end Main;
