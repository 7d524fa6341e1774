--  A logging server whose accept body writes with Ada.Text_IO.Put_Line.
--  Only the main procedure calls Log, one call at a time, so the lines
--  come out in the order of the calls.

with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   package Logger is
      procedure Log (Msg : String);
      procedure Count (N : out Natural);
      procedure Stop;
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Logger;

   package body Logger is
      Lines : Natural := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Log;
         entry Count;
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

         entry Count when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Count;

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
      begin
         Turn.Log;
         begin
            Lines := Lines + 1;
            Ada.Text_IO.Put_Line
              ("log" & Natural'Image (Lines) & ": " & Msg);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Log;

      procedure Count (N : out Natural) is
      begin
         Turn.Count;
         begin
            N := Lines;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Count;

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
   end Logger;

   Total : Natural;
   Logger_Master : Logger.Master;  --  rdv2po: the task was activated here (its master waits for it)

begin
   Logger.Log ("starting");
   for I in 1 .. 5 loop
      Logger.Log ("step" & Integer'Image (I) & " of 5");
   end loop;
   Logger.Log ("done");
   Logger.Count (Total);
   Logger.Stop;
   Ada.Text_IO.Put_Line ("Lines logged:" & Natural'Image (Total));
   if Total = 7 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
