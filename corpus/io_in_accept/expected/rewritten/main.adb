--  A logging server whose accept body writes with Ada.Text_IO.Put_Line.
--  Only the main procedure calls Log, one call at a time, so the lines
--  come out in the order of the calls.

with Ada.Text_IO;

procedure Main is

   package Logger is
      procedure Log (Msg : String);
      procedure Count (N : out Natural);
      procedure Stop;
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
   end Logger;

   Total : Natural;

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
