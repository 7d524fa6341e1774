--  An awaited task type (an accept Start before its loop, a loop whose
--  select has no terminate alternative) whose objects are components: of a
--  record type beside components whose default initialization cannot raise
--  (a Boolean defaulting to True, an Integer to 0, a string of fixed
--  length), of a record of such records, of a named array type and of an
--  array of records.
--  Each object is declared in a declarative part followed by nothing that
--  can raise; the callers reach the servers through the components, also as
--  in parameters.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Counter_Objects is
      type Counter is tagged limited private;
      procedure Start (Self : Counter; Tag : Character);
      procedure Add (Self : Counter; N : Integer);
      procedure Show (Self : Counter);
      procedure Stop (Self : Counter);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Counter_Turn is
         entry Start;
         entry Add;
         entry Show;
         entry Stop;
         procedure Finish_2 (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy_2 : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Start, 2 at the server loop
      end Counter_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Counter is new Ada.Finalization.Limited_Controlled with record
         This : not null access Counter := Counter'Unchecked_Access;   -- writable from any view
         Turn : Counter_Turn;
         Mine : Character := '?';
         Sum : Integer := 0;
      end record;
      overriding procedure Finalize (Self : in out Counter);
   end Counter_Objects;
   subtype Counter is Counter_Objects.Counter;

   type Slot is record
      Busy : Boolean := True;
      Worker : Counter;
      Hits : Integer := 0;
      Name : String (1 .. 3);
   end record;

   type Shelf is record
      Top : Slot;
      Bottom : Slot;
   end record;

   type Pair is array (1 .. 2) of Counter;

   type Rack is array (1 .. 2) of Slot;

   package body Counter_Objects is
      protected body Counter_Turn is
         entry Start when Over or else (not Busy_2 and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy_2 := True;
            Stage := 2;
         end Start;

         entry Add when Over or else (not Busy_2 and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy_2 := True;
         end Add;

         entry Show when Over or else (not Busy_2 and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy_2 := True;
         end Show;

         entry Stop when Over or else (not Busy_2 and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy_2 := True;
         end Stop;

         procedure Finish_2 (Ended : Boolean) is
         begin
            Busy_2 := False;
            Over := Ended;
         end Finish_2;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Counter_Turn;

      procedure Start (Self : Counter; Tag : Character) is
         Turn : Counter_Turn renames Self.This.Turn;
         Mine : Character renames Self.This.Mine;
      begin
         Turn.Start;
         begin
            Mine := Tag;
         exception
            when others =>
               Turn.Finish_2 (Ended => True);
               raise;
         end;
         Turn.Finish_2 (Ended => False);
      end Start;

      procedure Add (Self : Counter; N : Integer) is
         Turn : Counter_Turn renames Self.This.Turn;
         Sum : Integer renames Self.This.Sum;
      begin
         Turn.Add;
         begin
            Sum := Sum + N;
         exception
            when others =>
               Turn.Finish_2 (Ended => True);
               raise;
         end;
         Turn.Finish_2 (Ended => False);
      end Add;

      procedure Show (Self : Counter) is
         Turn : Counter_Turn renames Self.This.Turn;
         Mine : Character renames Self.This.Mine;
         Sum : Integer renames Self.This.Sum;
      begin
         Turn.Show;
         begin
            Put_Line (Mine & ":" & Integer'Image (Sum));
         exception
            when others =>
               Turn.Finish_2 (Ended => True);
               raise;
         end;
         Turn.Finish_2 (Ended => False);
      end Show;

      procedure Stop (Self : Counter) is
         Turn : Counter_Turn renames Self.This.Turn;
      begin
         Turn.Stop;
         Turn.Finish_2 (Ended => True);   -- the loop's exit
      end Stop;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Counter) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Counter_Objects;

   procedure Bump (S : Slot; By : Integer) is
   begin
      S.Worker.Add (By);
      S.Worker.Show;
   end Bump;

   procedure Finish (C : Counter) is
   begin
      C.Stop;
   end Finish;
begin
   declare
      S : Slot;
      H : Shelf;
      P : Pair;
      R : Rack;
      Count : Natural := 0;
   begin
      S.Worker.Start ('s');
      H.Top.Worker.Start ('t');
      H.Bottom.Worker.Start ('b');
      P (1).Start ('1');
      P (2).Start ('2');
      R (1).Worker.Start ('x');
      R (2).Worker.Start ('y');
      Put_Line ("busy " & Boolean'Image (S.Busy) & Integer'Image (S.Hits));
      Bump (S, 5);
      Bump (H.Top, 6);
      Bump (H.Bottom, 7);
      P (1).Add (8);
      P (1).Show;
      P (2).Add (9);
      P (2).Show;
      for I in R'Range loop
         Bump (R (I), 10 * I);
         Count := Count + 1;
      end loop;
      Finish (S.Worker);
      Finish (H.Top.Worker);
      Finish (H.Bottom.Worker);
      for I in P'Range loop
         Finish (P (I));
         Finish (R (I).Worker);
      end loop;
      Put_Line ("stopped after" & Natural'Image (Count) & " racks");
   end;
   Put_Line ("PASSED");
end Main;
