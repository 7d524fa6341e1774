--  An event recorder whose accept body does no I/O itself, but calls the
--  local procedure Record_Event, which calls Emit, which calls
--  Ada.Text_IO.Put_Line: the potentially blocking operation is only
--  visible through the call graph.  Only the main procedure calls the
--  server, one call at a time, so the output order is fixed.

with Ada.Text_IO;

procedure Main is

   type Event_Kind is (Open, Read, Write, Close);

   task Recorder is
      entry Post (Kind : Event_Kind; Value : Integer);
      entry Checksum (Sum : out Integer);
      entry Stop;
   end Recorder;

   task body Recorder is
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

   begin
      loop
         select
            accept Post (Kind : Event_Kind; Value : Integer) do
               Record_Event (Kind, Value);
            end Post;
         or
            accept Checksum (Sum : out Integer) do
               Checksum.Sum := Recorder.Sum;
            end Checksum;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Recorder;

   Result : Integer;

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
