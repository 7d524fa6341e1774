--  A printing server the main program aborts: the program has no other task,
--  so no caller can be inside the server's code when the abort comes.  After
--  it, 'Callable is False, and a plain, a conditional and a timed call each
--  raise Tasking_Error.  The second abort is made in the statements of a timed
--  call that was taken (the select's copy in the translation carries it).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Printer is
      procedure Show (Line : String);
      procedure Try_Show (Line : String; Taken : out Boolean);
      procedure Try_Show (Line : String; Within : Duration; Taken : out Boolean);
      procedure Count (N : out Natural);
      function Is_Callable return Boolean;   --  was Printer'Callable
      procedure Abort_Task;   --  was abort Printer
   end Printer;

   package body Printer is
      Shown : Natural := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Show;
         entry Count;
         procedure Finish (Ended : Boolean);
         function Completed return Boolean;   -- for the task's attributes
         procedure Abort_Task;   -- the task is aborted: it completes
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Show when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Show;

         entry Count when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Count;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         function Completed return Boolean is
         begin
            return Over;
         end Completed;

         procedure Abort_Task is
         begin
            Over := True;
         end Abort_Task;
      end Turn;

      procedure Serve_Show (Line : String) is
         Ended : Boolean := False;
      begin
         begin
            Put_Line ("printer: " & Line);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Shown := Shown + 1;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Serve_Show;

      procedure Show (Line : String) is
      begin
         Turn.Show;
         Serve_Show (Line);
      end Show;

      procedure Try_Show (Line : String; Taken : out Boolean) is
      begin
         select
            Turn.Show;
            Taken := True;
         else
            Taken := False;
         end select;
         if Taken then
            Serve_Show (Line);
         end if;
      end Try_Show;

      procedure Try_Show (Line : String; Within : Duration; Taken : out Boolean) is
      begin
         select
            Turn.Show;
            Taken := True;
         or
            delay Within;
            Taken := False;
         end select;
         if Taken then
            Serve_Show (Line);
         end if;
      end Try_Show;

      procedure Count (N : out Natural) is
      begin
         Turn.Count;
         begin
            N := Shown;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Count;

      function Is_Callable return Boolean is
      begin
         return not Turn.Completed;
      end Is_Callable;

      procedure Abort_Task is
      begin
         Turn.Abort_Task;
      end Abort_Task;
   end Printer;

   Failures : Natural := 0;
   N : Natural;

   procedure Expect_Error (What : String; Raised : Boolean) is
   begin
      if Raised then
         Put_Line (What & ": Tasking_Error");
      else
         Put_Line (What & ": no error");
         Failures := Failures + 1;
      end if;
   end Expect_Error;
begin
   Printer.Show ("one");
   Printer.Show ("two");
   Printer.Count (N);
   Put_Line ("shown" & Natural'Image (N));
   declare
      Taken : Boolean;
   begin
      Printer.Try_Show ("three", Within => 5.0, Taken => Taken);
      if Taken then
         Printer.Abort_Task;
      else
         Put_Line ("not taken");
         Failures := Failures + 1;
      end if;
   end;
   Put_Line ("callable after abort: " & Boolean'Image (Printer.Is_Callable));
   begin
      Printer.Show ("four");
      Expect_Error ("plain call", False);
   exception
      when Tasking_Error => Expect_Error ("plain call", True);
   end;
   begin
      declare
         Taken : Boolean;
      begin
         Printer.Try_Show ("five", Taken => Taken);
         if Taken then
            Expect_Error ("conditional call", False);
         else
            Expect_Error ("conditional call", False);
         end if;
      end;
   exception
      when Tasking_Error => Expect_Error ("conditional call", True);
   end;
   Printer.Abort_Task;   -- an aborted task again: nothing happens
   begin
      Printer.Count (N);
      Expect_Error ("second abort, then a call", False);
   exception
      when Tasking_Error => Expect_Error ("second abort, then a call", True);
   end;
   if Failures = 0 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
