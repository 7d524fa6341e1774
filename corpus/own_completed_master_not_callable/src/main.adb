--  Keeper has an entry it never accepts.  Its body does nothing, so it
--  completes at once, but it cannot terminate before Helper, a task
--  declared inside it, has terminated.  Helper calls Keeper.Ask: Keeper
--  completes before the call or while the call waits in the queue, and
--  either way the call raises Tasking_Error.  Helper then looks at Keeper:
--  completed, so not callable, and not terminated, since Keeper still
--  waits for Helper (RM 9.9).

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Outcome is (Accepted, Tasking_Error_Raised, Other_Exception);

   --  written by Helper, read once the block holding Keeper has ended
   Call_Outcome    : Outcome := Accepted;
   Still_Callable  : Boolean := True;
   Seen_Terminated : Boolean := True;

begin
   declare
      --  Keeper never accepts Ask: that is the point
      pragma Warnings (Off, "no accept for entry*");

      task Keeper is
         entry Ask;
      end Keeper;

      task body Keeper is
         task Helper;

         task body Helper is
         begin
            Keeper.Ask;
         exception
            when Tasking_Error =>
               Call_Outcome := Tasking_Error_Raised;
               Still_Callable := Keeper'Callable;
               Seen_Terminated := Keeper'Terminated;
            when others =>
               Call_Outcome := Other_Exception;
         end Helper;
      begin
         null;
      end Keeper;
   begin
      null;
   end;

   Put_Line ("call of a completed task: " & Outcome'Image (Call_Outcome));
   Put_Line ("callable afterwards: " & Boolean'Image (Still_Callable));
   Put_Line ("terminated while its dependant runs: " & Boolean'Image (Seen_Terminated));
   if Call_Outcome = Tasking_Error_Raised
     and then not Still_Callable
     and then not Seen_Terminated
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
