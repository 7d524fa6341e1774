--  Issue 19's logger: every accept body prints, the count is kept after the
--  accept, and the server prints its total after its loop once Stop ends it.
--  Calls after Stop raise Tasking_Error.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Logger is
      entry Log (Msg : String);
      entry Stop;
   end Logger;

   task body Logger is
      Count : Natural := 0;
      Running : Boolean := True;
   begin
      while Running loop
         select
            accept Log (Msg : String) do
               Put_Line ("log: " & Msg);
            end Log;
            Count := Count + 1;
         or
            accept Stop;
            Running := False;
         end select;
      end loop;
      Put_Line ("logged" & Natural'Image (Count));
   end Logger;

   task type Worker (Id : Natural);
   task body Worker is
   begin
      for I in 1 .. 3 loop
         Logger.Log ("worker" & Natural'Image (Id) & " step" & Integer'Image (I));
      end loop;
   end Worker;
begin
   Logger.Log ("start");
   declare
      W1 : Worker (1);
   begin
      null;
   end;
   declare
      W2 : Worker (2);
   begin
      null;
   end;
   Logger.Log ("end");
   Logger.Stop;
   begin
      Logger.Log ("late");
      Put_Line ("late call: accepted");
   exception
      when Tasking_Error => Put_Line ("late call: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
