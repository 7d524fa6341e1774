--  An awaited task type (an accept Open before its loop, a loop whose select
--  has no terminate alternative) whose object is followed in its declarative
--  part by declarations that cannot raise: a package declaring a limited
--  private type completed by an integer type, a use clause, the package's
--  body without statements, an instance of a generic package (actuals: a
--  type, a variable renamed, a constant of the formal type's actual, a
--  procedure) and an instance of a generic procedure, both generics with
--  their bodies elaborated before, in the same declarative part.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Journal_Objects is
      type Journal is tagged limited private;
      procedure Open (Self : Journal; Tag : Character);
      procedure Put (Self : Journal; S : String);
      procedure Close (Self : Journal);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Journal_Turn is
         entry Open;
         entry Put;
         entry Close;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Open, 2 at the server loop
      end Journal_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Journal is new Ada.Finalization.Limited_Controlled with record
         This : not null access Journal := Journal'Unchecked_Access;   -- writable from any view
         Turn : Journal_Turn;
         Mine : Character := '?';
         Lines : Natural := 0;
      end record;
      overriding procedure Finalize (Self : in out Journal);
   end Journal_Objects;
   subtype Journal is Journal_Objects.Journal;

   package body Journal_Objects is
      protected body Journal_Turn is
         entry Open when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Open;

         entry Put when Over or else (not Busy and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Put;

         entry Close when Over or else (not Busy and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Close;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Journal_Turn;

      procedure Open (Self : Journal; Tag : Character) is
         Turn : Journal_Turn renames Self.This.Turn;
         Mine : Character renames Self.This.Mine;
      begin
         Turn.Open;
         begin
            Mine := Tag;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Open;

      procedure Put (Self : Journal; S : String) is
         Turn : Journal_Turn renames Self.This.Turn;
         Mine : Character renames Self.This.Mine;
         Lines : Natural renames Self.This.Lines;
      begin
         Turn.Put;
         begin
            Lines := Lines + 1;
            Put_Line (Mine & Natural'Image (Lines) & ": " & S);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Put;

      procedure Close (Self : Journal) is
         Turn : Journal_Turn renames Self.This.Turn;
      begin
         Turn.Close;
         Turn.Finish (Ended => True);   -- the loop's exit
      end Close;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Journal) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Journal_Objects;
begin
   declare
      type Count is range 0 .. 100;
      Sum : Count := 0;
      Step : constant Count := 3;

      generic
         type Item is range <>;
         Total : in out Item;
         By : in Item;
         with procedure Report (N : Item);
      package Counters is
         procedure Bump;
      end Counters;

      package body Counters is
         procedure Bump is
         begin
            Total := Total + By;
            Report (Total);
         end Bump;
      end Counters;

      generic
         with procedure Action;
      procedure Twice;

      procedure Twice is
      begin
         Action;
         Action;
      end Twice;

      procedure Show (N : Count) is
      begin
         Put_Line ("sum" & Count'Image (N));
      end Show;

      J : Journal;

      package Notes is
         type Note is limited private;
         procedure Set (N : out Note; V : Integer);
         function Value (N : Note) return Integer;
      private
         type Note is range 0 .. 99;
      end Notes;
      use Notes;

      package body Notes is
         procedure Set (N : out Note; V : Integer) is
         begin
            N := Note (V);
         end Set;

         function Value (N : Note) return Integer is
         begin
            return Integer (N);
         end Value;
      end Notes;

      package Sums is new Counters (Count, Sum, Step, Show);
      procedure Bump_Twice is new Twice (Sums.Bump);
      N : Note;
   begin
      J.Open ('j');
      Set (N, 7);
      J.Put ("note" & Integer'Image (Value (N)));
      Bump_Twice;
      J.Put ("after" & Count'Image (Sum));
      J.Close;
   end;
   Put_Line ("PASSED");
end Main;
