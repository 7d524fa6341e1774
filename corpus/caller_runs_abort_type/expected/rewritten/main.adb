--  Objects of a printing task type that accepts Note twice, one after the
--  other, the main program aborting them: named, through an in parameter and
--  as an array component.  The program has no other task, so no caller is in
--  an object's code when the abort comes; after it, 'Callable is False and a
--  call raises Tasking_Error, while an object not aborted is still served.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Scribe_Objects is
      type Scribe is tagged limited private;
      procedure Note (Self : Scribe; Line : String; Count : in out Natural);
      function Is_Callable (Self : Scribe) return Boolean;
      procedure Abort_Task (Self : Scribe);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Scribe_Turn is
         entry Note (Place : out Positive);
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
         function Completed return Boolean;   -- for the task's attributes
         procedure Abort_Task;   -- the task is aborted: it completes
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Note, 2 at accept Note
      end Scribe_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Scribe is new Ada.Finalization.Limited_Controlled with record
         This : not null access Scribe := Scribe'Unchecked_Access;   -- writable from any view
         Turn : Scribe_Turn;
      end record;
      overriding procedure Finalize (Self : in out Scribe);
   end Scribe_Objects;
   subtype Scribe is Scribe_Objects.Scribe;

   package body Scribe_Objects is
      protected body Scribe_Turn is
         entry Note (Place : out Positive)
            when Over or else (not Busy and then (Stage in 1 | 2))
         is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Place := Stage;
            if Stage <= 2 then
               Stage := Stage + 1;
            end if;
         end Note;

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

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Scribe_Turn;

      procedure Note (Self : Scribe; Line : String; Count : in out Natural) is
         Turn : Scribe_Turn renames Self.This.Turn;
         Place : Positive;
      begin
         Turn.Note (Place);
         case Place is
            when 1 =>
               begin
                  Put_Line ("first note: " & Line);
                  Count := Count + 1;
               exception
                  when others =>
                     Turn.Finish (Ended => True);
                     raise;
               end;
               Turn.Finish (Ended => False);
            when others =>
               begin
                  Put_Line ("second note: " & Line);
                  Count := Count + 10;
               exception
                  when others =>
                     Turn.Finish (Ended => True);
                     raise;
               end;
               Turn.Finish (Ended => True);   -- the task's end
         end case;
      end Note;

      function Is_Callable (Self : Scribe) return Boolean is
      begin
         return not Self.This.Turn.Completed;
      end Is_Callable;

      procedure Abort_Task (Self : Scribe) is
      begin
         Self.This.Turn.Abort_Task;
      end Abort_Task;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Scribe) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Scribe_Objects;

   type Row is array (1 .. 2) of Scribe;

   Alone : Scribe;
   Pair : Row;
   Count : Natural := 0;
   Failures : Natural := 0;

   procedure Stop (S : Scribe; Name : String) is
   begin
      S.Abort_Task;
      Put_Line (Name & " callable after abort: " & Boolean'Image (S.Is_Callable));
   end Stop;

   procedure Call_After (S : Scribe; Name : String) is
   begin
      S.Note ("late", Count);
      Put_Line (Name & ": no error");
      Failures := Failures + 1;
   exception
      when Tasking_Error => Put_Line (Name & ": Tasking_Error");
   end Call_After;
begin
   Alone.Note ("alone", Count);
   Pair (1).Note ("pair 1", Count);
   Pair (2).Note ("pair 2", Count);
   Alone.Abort_Task;
   Put_Line ("alone callable after abort: " & Boolean'Image (Alone.Is_Callable));
   Stop (Pair (1), "pair 1");
   Call_After (Alone, "alone");
   Call_After (Pair (1), "pair 1");
   Pair (2).Note ("pair 2 again", Count);
   Pair (2).Abort_Task;
   Put_Line ("count" & Natural'Image (Count));
   if Failures = 0 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
