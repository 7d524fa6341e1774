--  Code a translation writes on a line of its own -- an exit condition, an
--  entry's default -- keeps the blanks of its string literals, which are part
--  of their values, and loses a comment inside it, which would otherwise
--  swallow the rest of that line.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   --  leaves its loop when it is handed "x  y" (two blanks), not "x y"
   package Keeper is
      procedure Put (S : String);
   end Keeper;

   package body Keeper is
      Last : String (1 .. 4) := (others => ' ');

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Put;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Put when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Put;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Put (S : String) is
         Ended : Boolean := False;
      begin
         Turn.Put;
         begin
            Last := S;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Put_Line ("kept [" & Last & "]");
            if Last = "x  y" then
               Ended := True;   -- exit of the server loop
            end if;
            if Ended then
               Put_Line ("keeper done");
            end if;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Put;
   end Keeper;

   --  a default with two blanks, and a comment inside the exit condition
   package Gate is
      procedure Pass (S : String := "a  b");
   end Gate;

   package body Gate is
      Seen : Natural := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Pass;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Pass when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Pass;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Pass (S : String := "a  b") is
         Ended : Boolean := False;
      begin
         Turn.Pass;
         begin
            Put_Line ("passed [" & S & "]");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Seen := Seen + 1;
            if Seen = 3 or else Seen > 5 then
               Ended := True;   -- exit of the server loop
            end if;
            if Ended then
               Put_Line ("gate done");
            end if;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Pass;
   end Gate;

   --  a default with two blanks, in a select loop with a terminate alternative
   package Echo is
      procedure Say (S : String := "c  d");
   end Echo;

   package body Echo is
      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Say;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Say when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Say;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Say (S : String := "c  d") is
      begin
         Turn.Say;
         begin
            Put_Line ("said [" & S & "]");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Say;
   end Echo;

begin
   Keeper.Put ("x y ");
   Keeper.Put ("x  y");
   Gate.Pass;
   Gate.Pass ("a b");
   Gate.Pass;
   Echo.Say;
   Echo.Say ("e f");
   delay 0.1;
   Put_Line ("PASSED");
end Main;
