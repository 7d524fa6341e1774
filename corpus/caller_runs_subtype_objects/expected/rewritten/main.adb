--  An awaited task type (an accept Start before its loop) reached through a
--  subtype: Near is declared with the subtype, a membership test names both,
--  and the declarations after the objects name a package's types (Shapes.Box:
--  naming a package evaluates nothing) and a record without defaults.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Echo_Objects is
      type Echo is tagged limited private;
      procedure Start (Self : Echo; Tag : Character);
      procedure Put (Self : Echo; S : String);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Echo_Turn is
         entry Start;
         entry Put;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Start, 2 at the server loop
      end Echo_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Echo is new Ada.Finalization.Limited_Controlled with record
         This : not null access Echo := Echo'Unchecked_Access;   -- writable from any view
         Turn : Echo_Turn;
         Mine : Character := '?';
      end record;
      overriding procedure Finalize (Self : in out Echo);
   end Echo_Objects;
   subtype Echo is Echo_Objects.Echo;
   subtype Same_Echo is Echo;

   package Shapes is
      type Box is limited private;
      type Row is array (1 .. 3) of Box;
   private
      type Box is range 0 .. 9;
   end Shapes;

   type Pair is record
      Left, Right : Integer;
   end record;

   package body Echo_Objects is
      protected body Echo_Turn is
         entry Start when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Start;

         entry Put when Over or else (not Busy and then Stage = 2) is
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

         entry Await_End when Over or else (not Busy and then Stage = 2) is
         begin
            null;
         end Await_End;
      end Echo_Turn;

      procedure Start (Self : Echo; Tag : Character) is
         Turn : Echo_Turn renames Self.This.Turn;
         Mine : Character renames Self.This.Mine;
      begin
         Turn.Start;
         begin
            Mine := Tag;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Start;

      procedure Put (Self : Echo; S : String) is
         Turn : Echo_Turn renames Self.This.Turn;
         Mine : Character renames Self.This.Mine;
      begin
         Turn.Put;
         begin
            Put_Line (Mine & ": " & S);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Put;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Echo) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Echo_Objects;
begin
   declare
      Far : Echo;
      Near : Same_Echo;
      B : Shapes.Box;
      R : Shapes.Row;
      P : Pair;
      pragma Unreferenced (B, R);
   begin
      P := (Left => 1, Right => 2);
      Far.Start ('f');
      Near.Start ('n');
      Put_Line ("Near in Echo: " & Boolean'Image (Near in Echo));
      Put_Line ("Far in Same_Echo: " & Boolean'Image (Far in Same_Echo));
      Far.Put ("one");
      Near.Put ("two" & Integer'Image (P.Left + P.Right));
   end;
   Put_Line ("PASSED");
end Main;
