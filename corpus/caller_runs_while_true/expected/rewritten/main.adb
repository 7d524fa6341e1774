--  A logging server whose loop is 'while True loop': the same loop as a plain
--  'loop', whose test is known without running the task.  The accept body
--  prints, so the caller-runs scheme runs it in the caller.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   package Log is
      procedure Write (S : String);
   end Log;

   package body Log is
      Lines : Natural := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Write;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Write when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Write;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Write (S : String) is
      begin
         Turn.Write;
         begin
            Lines := Lines + 1;
            Put_Line ("log" & Natural'Image (Lines) & ": " & S);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Write;
   end Log;

begin
   Log.Write ("one");
   Log.Write ("two");
   Put_Line ("PASSED");
end Main;
