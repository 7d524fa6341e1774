--  Issue 19's logger: every accept body prints, the count is kept after the
--  accept, and the server prints its total after its loop once Stop ends it.
--  Calls after Stop raise Tasking_Error.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Logger is
      procedure Log (Msg : String);
      procedure Stop;
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Logger;

   package body Logger is
      Count : Natural := 0;
      Running : Boolean := True;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Log;
         entry Stop;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Log when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Log;

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

      procedure Log (Msg : String) is
         Ended : Boolean := False;
      begin
         Turn.Log;
         begin
            Put_Line ("log: " & Msg);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Count := Count + 1;
            Ended := not Running;   -- the server loop's test
            if Ended then
               Put_Line ("logged" & Natural'Image (Count));
            end if;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Log;

      procedure Stop is
         Ended : Boolean := False;
      begin
         Turn.Stop;
         begin
            Running := False;
            Ended := not Running;   -- the server loop's test
            if Ended then
               Put_Line ("logged" & Natural'Image (Count));
            end if;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Stop;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end Logger;

   task type Worker (Id : Natural);
   task body Worker is
   begin
      for I in 1 .. 3 loop
         Logger.Log ("worker" & Natural'Image (Id) & " step" & Integer'Image (I));
      end loop;
   end Worker;
   Logger_Master : Logger.Master;  --  rdv2po: the task was activated here (its master waits for it)
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
