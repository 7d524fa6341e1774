--  An event recorder whose accept body does no I/O itself, but calls the
--  local procedure Record_Event, which calls Emit, which calls
--  Ada.Text_IO.Put_Line: the potentially blocking operation is only
--  visible through the call graph.  Only the main procedure calls the
--  server, one call at a time, so the output order is fixed.

with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   type Event_Kind is (Open, Read, Write, Close);

   package Recorder is
      procedure Post (Kind : Event_Kind; Value : Integer);
      procedure Checksum (Sum : out Integer);
      procedure Stop;
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Recorder;

   package body Recorder is
      Seq : Natural := 0;
      Sum : Integer := 0;
      procedure Emit (Line : String) is
      begin
         Ada.Text_IO.Put_Line (Line);
      end Emit;
      procedure Record_Event (Kind : Event_Kind; Value : Integer) is
      begin
         Seq := Seq + 1;
         Sum := Sum + Seq * Value;
         Emit ("event" & Natural'Image (Seq) & " " & Event_Kind'Image (Kind)
               & Integer'Image (Value));
      end Record_Event;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Post;
         entry Checksum;
         entry Stop;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Post when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Post;

         entry Checksum when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Checksum;

         entry Stop when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Stop;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Turn;

      procedure Post (Kind : Event_Kind; Value : Integer) is
      begin
         Turn.Post;
         begin
            Record_Event (Kind, Value);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Post;

      procedure Checksum (Sum : out Integer) is
      begin
         Turn.Checksum;
         begin
            Checksum.Sum := Recorder.Sum;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Checksum;

      procedure Stop is
      begin
         Turn.Stop;
         Turn.Finish (Ended => True);   -- the loop's exit
      end Stop;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end Recorder;

   Result : Integer;
   Recorder_Master : Recorder.Master;  --  rdv2po: the task was activated here (its master waits for it)

begin
   Recorder.Post (Open, 1);
   for I in 1 .. 3 loop
      Recorder.Post (Read, 10 * I);
      Recorder.Post (Write, -I);
   end loop;
   Recorder.Post (Close, 0);
   Recorder.Checksum (Result);
   Recorder.Stop;
   Ada.Text_IO.Put_Line ("Checksum:" & Integer'Image (Result));
   --  1*1 + 2*10 + 3*(-1) + 4*20 + 5*(-2) + 6*30 + 7*(-3) + 8*0 = 247
   if Result = 247 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
