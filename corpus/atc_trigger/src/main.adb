--  Entry calls as triggers of asynchronous selects.  Open is called while
--  Gate waits at its accept: the call is accepted at once and the abortable
--  part must never start (RM 9.7.4(6/2)).  Close is called while Gate is
--  busy: the call is queued, the abortable part starts and is aborted when
--  the rendezvous completes.  (Repro atc_trigger_not_queued: the general
--  scheme made every such call wait in a queue; it refuses Gate.)
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   Ran_Abortable : Boolean := False;
   pragma Atomic (Ran_Abortable);

   task Gate is
      entry Open;
      entry Close;
   end Gate;

   task body Gate is
   begin
      accept Open do
         Put_Line ("Gate: Open accepted");
      end Open;
      delay 0.3;  --  busy: the call of Close is queued meanwhile
      accept Close do
         Put_Line ("Gate: Close accepted");
      end Close;
   end Gate;
begin
   delay 0.3;  --  let Gate reach its accept: the call below is not queued

   select
      Gate.Open;
      Put_Line ("Open completed");
   then abort
      Ran_Abortable := True;
      Put_Line ("abortable part started (wrong)");
      delay 5.0;
   end select;
   Put_Line ("abortable part ran: " & Boolean'Image (Ran_Abortable));

   select
      Gate.Close;
      Put_Line ("Close completed");
   then abort
      Ran_Abortable := True;
      delay 5.0;
   end select;
   Put_Line ("abortable part ran: " & Boolean'Image (Ran_Abortable));
   Put_Line ("PASSED");
end Main;
