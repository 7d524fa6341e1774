--  One-shot servers whose entries other tasks call: the caller-runs scheme
--  takes them once no calling server that hands them work is rewritten.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Log is
      procedure Add (C : Character);
      function Image return String;
   private
      Text : String (1 .. 16) := (others => ' ');
      Last : Natural := 0;
   end Log;

   protected body Log is
      procedure Add (C : Character) is
      begin
         Last := Last + 1;
         Text (Last) := C;
      end Add;

      function Image return String is
      begin
         return Text (1 .. Last);
      end Image;
   end Log;

   protected Sum is
      procedure Add (V : Integer);
      function Total return Integer;
   private
      Value : Integer := 0;
   end Sum;

   protected body Sum is
      procedure Add (V : Integer) is
      begin
         Value := Value + V;
      end Add;

      function Total return Integer is
      begin
         return Value;
      end Total;
   end Sum;

   procedure Note (C : Character) is
   begin
      Log.Add (C);
   end Note;

   --  Handed work by Dispatcher, whose translation the calling scheme refuses
   --  (the accept body does more than store what it receives).
   package Worker_Objects is
      type Worker is tagged limited private;
      procedure Start (Self : Worker; V : Integer);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Worker_Turn is
         entry Start;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Start
      end Worker_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Worker is new Ada.Finalization.Limited_Controlled with record
         This : not null access Worker := Worker'Unchecked_Access;   -- writable from any view
         Turn : Worker_Turn;
         Mine : Integer := 0;
      end record;
      overriding procedure Finalize (Self : in out Worker);
   end Worker_Objects;
   subtype Worker is Worker_Objects.Worker;

   package body Worker_Objects is
      protected body Worker_Turn is
         entry Start when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Start;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Worker_Turn;

      procedure Start (Self : Worker; V : Integer) is
         Turn : Worker_Turn renames Self.This.Turn;
         Mine : Integer renames Self.This.Mine;
         Ended : Boolean := False;
      begin
         Turn.Start;
         begin
            Mine := V;
            Note ('s');
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Sum.Add (Mine);
            Ended := True;   -- the task's end
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Start;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Worker) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Worker_Objects;

   Closed : Integer := 0;
   pragma Atomic (Closed);

begin
   declare
      --  Opened by the main program, closed by another task.
      package Relay is
         procedure Open (Id : Integer);
         procedure Close (Total : out Integer);
         type Master is limited private;   --  rdv2po: the task's master waits for it
      private
         type Master is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Self : in out Master);
      end Relay;

      package body Relay is
         Kept : Integer := 0;

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Open;
            entry Close;
            procedure Finish (Ended : Boolean);
            entry Await_End;   -- for the master's wait
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
            Stage : Positive := 1;   -- 1 at accept Open, 2 at accept Close
         end Turn;

         protected body Turn is
            entry Open when Over or else (not Busy and then Stage = 1) is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 2;
            end Open;

            entry Close when Over or else (not Busy and then Stage = 2) is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 3;
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
         end Turn;

         procedure Open (Id : Integer) is
            Ended : Boolean := False;
         begin
            Turn.Open;
            begin
               Kept := Id;
               Note ('o');
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            begin
               Kept := Kept * 2;
            exception
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Open;

         procedure Close (Total : out Integer) is
            Ended : Boolean := False;
         begin
            Turn.Close;
            begin
               Total := Kept;
               Note ('c');
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            begin
               Note ('e');
               Ended := True;   -- the task's end
            exception
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Close;

         overriding procedure Finalize (Self : in out Master) is
            pragma Unreferenced (Self);
         begin
            Turn.Await_End;   -- where the master waited for the task
         end Finalize;
      end Relay;

      task Closer;
      task body Closer is
         T : Integer;
      begin
         Relay.Close (T);
         Closed := T;
      end Closer;
      Relay_Master : Relay.Master;  --  rdv2po: the task was activated here (its master waits for it)
   begin
      Relay.Open (21);
   end;
   declare
      Pool : array (1 .. 3) of Worker;
   begin
      declare
         task Dispatcher;
         task body Dispatcher is
         begin
            for I in Pool'Range loop
               Pool (I).Start (I * 10);
            end loop;
         end Dispatcher;
      begin
         null;
      end;
   end;
   Put_Line ("closed" & Integer'Image (Closed));
   Put_Line ("log " & Log.Image);
   Put_Line ("sum" & Integer'Image (Sum.Total));
   Put_Line ("PASSED");
end Main;
