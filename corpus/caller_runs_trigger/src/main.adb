--  Entry calls of servers that print, each triggering an asynchronous
--  select: the caller-runs scheme splits them (the server's turn is the
--  trigger, the rest of the entry's procedure starts the triggered part).
--  Desk's Take is taken at once (the abortable part never starts), then
--  queued until Opener opens the desk (the abortable part is aborted when
--  the call ends), then cancelled when the abortable part ends first (Desk
--  never serves it: the count shows it).  An accept body that raises: the
--  exception leaves the select after the abortable part was aborted, and
--  the desk ends; a later call raises Tasking_Error at the trigger.  Bell,
--  a task type, rings once and ends.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Desk is
      entry Open;
      entry Take (Ticket : out Natural);
      entry Served (Count : out Natural);
      entry Fail;
   end Desk;

   task body Desk is
      Is_Open : Boolean := True;
      Next : Natural := 0;
   begin
      loop
         select
            accept Open do
               Put_Line ("desk opens");
            end Open;
            Is_Open := True;
         or
            when Is_Open =>
               accept Take (Ticket : out Natural) do
                  Next := Next + 1;
                  Ticket := Next;
                  Put_Line ("desk serves ticket" & Natural'Image (Next));
               end Take;
               Is_Open := False;
         or
            accept Served (Count : out Natural) do
               Count := Next;
            end Served;
         or
            accept Fail do
               Put_Line ("desk fails");
               raise Program_Error;
            end Fail;
         or
            terminate;
         end select;
      end loop;
   end Desk;

   task type Bell is
      entry Ring;
   end Bell;

   task body Bell is
   begin
      accept Ring do
         Put_Line ("ring");
      end Ring;
   end Bell;

   task Opener;

   task body Opener is
   begin
      delay 0.3;
      Desk.Open;
   end Opener;

   Ticket : Natural := 99;
   Count : Natural;
   Door : Bell;
   Spins : Natural := 0;
begin
   select
      Desk.Take (Ticket);
      Put_Line ("got ticket" & Natural'Image (Ticket));
   then abort
      Put_Line ("never printed: the desk was waiting");
   end select;
   select
      Desk.Take (Ticket);
      Put_Line ("got ticket" & Natural'Image (Ticket) & " after waiting");
   then abort
      loop
         Spins := Spins + 1;
         delay 0.01;
      end loop;
   end select;
   Put_Line ("spun while waiting: " & Boolean'Image (Spins > 0));
   select
      Desk.Take (Ticket);
      Put_Line ("never printed: the desk stays closed");
   then abort
      delay 0.1;
      Put_Line ("gave up waiting, ticket still" & Natural'Image (Ticket));
   end select;
   Desk.Served (Count);
   Put_Line ("served" & Natural'Image (Count));
   select
      Door.Ring;
      Put_Line ("rung");
   then abort
      delay 5.0;
   end select;
   begin
      select
         Desk.Fail;
         Put_Line ("never printed: the accept body raised");
      then abort
         delay 5.0;
      end select;
   exception
      when Program_Error =>
         Put_Line ("Program_Error from the trigger");
   end;
   begin
      select
         Desk.Served (Count);
         Put_Line ("never printed: the desk has ended");
      then abort
         delay 5.0;
      end select;
   exception
      when Tasking_Error =>
         Put_Line ("Tasking_Error from the trigger");
   end;
   Put_Line ("PASSED");
end Main;
