--  Keeper has an entry it never accepts.  Its body does nothing, so it
--  completes at once, but it cannot terminate before Helper, a task
--  declared inside it, has terminated.  Helper calls Keeper.Ask: Keeper
--  completes before the call or while the call waits in the queue, and
--  either way the call raises Tasking_Error.  Helper then looks at Keeper:
--  completed, so not callable, and not terminated, since Keeper still
--  waits for Helper (RM 9.9).

with Ada.Finalization;
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

      type Keeper_Entry is (Keeper_No_Entry, Keeper_Ask);
      --  rdv2po: task Keeper became this protected object; its code runs in
      --  the task Keeper_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Keeper is
         entry Ask;
         --  rdv2po: the rendezvous protocol, for Keeper_Agent
         function Agent_Callable return Boolean;
         procedure Close;
      private
         Chosen : Keeper_Entry := Keeper_No_Entry;
         Closed : Boolean := False;
      end Keeper;
      task Keeper_Agent is
         --  rdv2po: general scheme agent of Keeper
      end Keeper_Agent;

      protected body Keeper is

         entry Ask
           when Closed or else (Chosen = Keeper_No_Entry and then False)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Keeper_Ask;
         end Ask;

         function Agent_Callable return Boolean is
         begin
            return not Closed and then Keeper_Agent'Callable;
         end Agent_Callable;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Keeper;

      task body Keeper_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Keeper_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Keeper_Closer);
         overriding procedure Finalize (Object : in out Keeper_Closer) is
         begin
            Keeper.Close;
         end Finalize;
         task Helper;

         task body Helper is
         begin
            Keeper.Ask;
         exception
            when Tasking_Error =>
               Call_Outcome := Tasking_Error_Raised;
               Still_Callable := Keeper.Agent_Callable;
               Seen_Terminated := Keeper_Agent'Terminated;
            when others =>
               Call_Outcome := Other_Exception;
         end Helper;
      begin
         declare
            Closer : Keeper_Closer;   --  closes on completion
         begin
            null;
         end;
      end Keeper_Agent;
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
