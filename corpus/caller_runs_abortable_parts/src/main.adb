--  Asynchronous selects beside the caller-runs scheme.  The abortable part of
--  the first one only computes, so Meter (called before and after it) is
--  translated.  The abortable part of the second calls Recorder through
--  Record_Step: aborted while it ran Recorder's code, the caller would leave
--  Recorder's turn taken for ever, so Recorder is refused (naming the
--  asynchronous select and the call path).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Meter is
      entry Put (N : Integer);
      entry Get (N : out Integer);
   end Meter;

   task Recorder is
      entry Put (Step : Integer);
      entry Get (Steps : out Integer);
   end Recorder;

   task body Meter is
      Value : Integer := 0;
   begin
      loop
         select
            accept Put (N : Integer) do
               Value := N;
            end Put;
            Put_Line ("metered");
         or
            accept Get (N : out Integer) do
               N := Value;
            end Get;
         or
            terminate;
         end select;
      end loop;
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
