--  Loggers whose accept bodies print, so they stay out of protected actions:
--  the caller-runs scheme takes them.  Their start-up accept stores formals
--  named like the task's variables, by the variables' expanded names
--  (Logger.Prefix := Prefix), as Ada programmers write it; the discriminant
--  and a variable that no formal hides are named that way too.

with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   package Logger_Objects is
      type Logger (Id : Natural) is tagged limited private;
      procedure Start (Self : Logger; Prefix : Character; Step : Positive);
      procedure Log (Self : Logger; Value : Integer);
      procedure Stop (Self : Logger; Lines : out Natural);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Logger_Turn is
         entry Start;
         entry Log;
         entry Stop;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Start, 2 at the server loop
      end Logger_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Logger (Id : Natural) is new Ada.Finalization.Limited_Controlled with record
         This : not null access Logger := Logger'Unchecked_Access;   -- writable from any view
         Turn : Logger_Turn;
         Prefix : Character := '?';
         Step   : Positive := 1;
         Lines  : Natural := 0;
      end record;
      overriding procedure Finalize (Self : in out Logger);
   end Logger_Objects;
   subtype Logger is Logger_Objects.Logger;

   package body Logger_Objects is
      protected body Logger_Turn is
         entry Start when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Start;

         entry Log when Over or else (not Busy and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Log;

         entry Stop when Over or else (not Busy and then Stage = 2) is
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
      end Logger_Turn;

      procedure Start (Self : Logger; Prefix : Character; Step : Positive) is
         Turn : Logger_Turn renames Self.This.Turn;
      begin
         Turn.Start;
         begin
            Self.This.Prefix := Prefix;
            Self.This.Step := Step;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Start;

      procedure Log (Self : Logger; Value : Integer) is
         Turn : Logger_Turn renames Self.This.Turn;
      begin
         Turn.Log;
         begin
            Self.This.Lines := Self.This.Lines + 1;
            Put_Line (Self.This.Prefix & Integer'Image (Self.Id) & ":"
                      & Integer'Image (Value * Self.This.Step));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Log;

      procedure Stop (Self : Logger; Lines : out Natural) is
         Turn : Logger_Turn renames Self.This.Turn;
      begin
         Turn.Stop;
         begin
            Lines := Self.This.Lines;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the loop's exit
      end Stop;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Logger) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Logger_Objects;

   A : Logger (1);
   B : Logger (2);
   N : Natural;
begin
   A.Start ('a', 10);
   B.Start ('b', 100);
   A.Log (1);
   B.Log (2);
   A.Log (3);
   A.Stop (N);
   Put_Line ("a lines:" & Natural'Image (N));
   B.Stop (N);
   Put_Line ("b lines:" & Natural'Image (N));
   Put_Line ("PASSED");
end Main;
