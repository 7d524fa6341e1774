--  A session that expires: its select waits 0.2 s for a Touch; when none
--  comes, the delay alternative leaves the loop and the task ends.  Main
--  touches it three times, waits until it has terminated and then finds that
--  a late Touch raises Tasking_Error.

with Ada.Text_IO;

procedure Main is

   task Session is
      entry Touch;
      entry Hits (N : out Natural);
   end Session;

   task body Session is
      Count  : Natural := 0;
      Closed : Boolean := False;
   begin
      loop
         select
            accept Touch do
               Count := Count + 1;
            end Touch;
         or
            accept Hits (N : out Natural) do
               N := Count;
            end Hits;
         or
            delay 0.2;
            exit;
         end select;
      end loop;
      Closed := True;       --  after the loop: run where the task left it
   end Session;

   N     : Natural;
   Polls : Natural := 0;

begin
   for I in 1 .. 3 loop
      Session.Touch;
   end loop;
   Session.Hits (N);
   Ada.Text_IO.Put_Line ("hits:" & Natural'Image (N));
   while not Session'Terminated loop
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
