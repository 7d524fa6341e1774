--  Code a translation writes on a line of its own -- an exit condition, an
--  entry's default -- keeps the blanks of its string literals, which are part
--  of their values, and loses a comment inside it, which would otherwise
--  swallow the rest of that line.

with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   --  leaves its loop when it is handed "x  y" (two blanks), not "x y"
   package Keeper is
      procedure Put (S : String);
      function Is_Terminated return Boolean;   --  was Keeper'Terminated
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Keeper;

   package body Keeper is
      Last : String (1 .. 4) := (others => ' ');

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Put;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
         function Completed return Boolean;   -- for the task's attributes
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

         function Completed return Boolean is
         begin
            return Over;
         end Completed;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
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

      function Is_Terminated return Boolean is
      begin
         return Turn.Completed;
      end Is_Terminated;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end Keeper;

   --  a default with two blanks, and a comment inside the exit condition
   package Gate is
      procedure Pass (S : String := "a  b");
      function Is_Terminated return Boolean;   --  was Gate'Terminated
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Gate;

   package body Gate is
      Seen : Natural := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Pass;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
         function Completed return Boolean;   -- for the task's attributes
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

         function Completed return Boolean is
         begin
            return Over;
         end Completed;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
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

      function Is_Terminated return Boolean is
      begin
         return Turn.Completed;
      end Is_Terminated;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
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

   --  a family whose members' procedures repeat the entry's default
   subtype Slot is Integer range 1 .. 2;

   package Board is
      subtype Post_Index is Slot;
      procedure Post (Member : Post_Index; S : String := "g  h");
   end Board;

   package body Board is
      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Post (Post_Index);
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Post (for Member in Post_Index)
            when Over or else (not Busy and then Member = (1))
         is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Post;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Post (Member : Post_Index; S : String := "g  h") is
      begin
         Turn.Post (Member);
         begin
            Put_Line ("posted [" & S & "]");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Post;
   end Board;
   Keeper_Master : Keeper.Master;  --  rdv2po: the task was activated here (its master waits for it)
   Gate_Master : Gate.Master;  --  rdv2po: the task was activated here (its master waits for it)

begin
   Keeper.Put ("x y ");
   Keeper.Put ("x  y");
   while not Keeper.Is_Terminated loop
      delay 0.01;
   end loop;
   Gate.Pass;
   Gate.Pass ("a b");
   Gate.Pass;
   while not Gate.Is_Terminated loop
      delay 0.01;
   end loop;
   Echo.Say;
   Echo.Say ("e f");
   Board.Post (1);
   Board.Post (1, "i j");
   delay 0.1;
   Put_Line ("PASSED");
end Main;
