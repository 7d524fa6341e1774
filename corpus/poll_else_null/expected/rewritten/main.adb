--  Servers whose select ends 'else null;' (found in real code): when no
--  alternative can be taken the task goes round its loop to the same select, its
--  guards reading only its own variables, so it behaves as if it waited there.
--  No call of theirs is conditional or timed (those would tell the difference).
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   --  A cell (accepting scheme)
   protected Cell is
      procedure Set (V : Integer);
      entry Get (V : out Integer);
      procedure Quit;
   private
      --  rdv2po: task Cell became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Value : Integer := 0;
   end Cell;

   protected body Cell is

      procedure Set (V : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Value := V;
      end Set;

      entry Get (V : out Integer) when Ended or else Value > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         V := Value;
      end Get;

      procedure Quit is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Ended := True;  --  the task left its loop
         return;
      end Quit;

   end Cell;

   --  A printer that prints in its accept bodies (caller-runs scheme)
   package Printer is
      procedure Print (N : Integer);
      procedure Flush;
      procedure Stop;
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Printer;

   package body Printer is
      Pending : Natural := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Print;
         entry Flush;
         entry Stop;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Print when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Print;

         entry Flush when Over or else (not Busy and then (Pending > 0)) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Flush;

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

      procedure Print (N : Integer) is
      begin
         Turn.Print;
         begin
            Pending := Pending + 1;
            Put_Line ("print" & N'Image);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Print;

      procedure Flush is
      begin
         Turn.Flush;
         begin
            Put_Line ("flushed" & Pending'Image);
            Pending := 0;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Flush;

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
   end Printer;

   X : Integer;
   Printer_Master : Printer.Master;  --  rdv2po: the task was activated here (its master waits for it)
begin
   Cell.Set (5);
   Cell.Get (X);
   Put_Line ("cell" & X'Image);
   Cell.Set (7);
   Cell.Get (X);
   Put_Line ("cell" & X'Image);
   Cell.Quit;
   Printer.Print (1);
   Printer.Print (2);
   Printer.Flush;
   Printer.Print (3);
   Printer.Flush;
   Printer.Stop;
   Put_Line ("PASSED");
end Main;
