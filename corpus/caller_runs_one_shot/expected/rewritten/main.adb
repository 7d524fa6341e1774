--  One-shot servers the caller-runs scheme takes: tasks that accept their
--  entries one after another, and end (no loop).  Each accept is
--  a stage of the turn; the caller of the last runs what the task did after
--  it, and the task is then completed: a later call raises Tasking_Error.  A
--  task type's objects (declared, in an array, made by an allocator) each
--  hold their own stage; their masters wait for them as they waited for the
--  tasks.  An entry accepted twice, one accept after the other, is taken at
--  either stage, and its procedure runs the code of the one taken.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   procedure Exchange is
      package Once is
         procedure Put (S : String);
         procedure Get (N : out Integer);
         type Master is limited private;   --  rdv2po: the task's master waits for it
      private
         type Master is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Self : in out Master);
      end Once;

      package body Once is
         Count : Integer := 0;

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Put;
            entry Get;
            procedure Finish (Ended : Boolean);
            entry Await_End;   -- for the master's wait
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
            Stage : Positive := 1;   -- 1 at accept Put, 2 at accept Get
         end Turn;

         protected body Turn is
            entry Put when Over or else (not Busy and then Stage = 1) is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 2;
            end Put;

            entry Get when Over or else (not Busy and then Stage = 2) is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 3;
            end Get;

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

         procedure Put (S : String) is
            Ended : Boolean := False;
         begin
            Turn.Put;
            begin
               Put_Line ("once: " & S);
               Count := S'Length;
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            begin
               Count := Count * 2;
            exception
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Put;

         procedure Get (N : out Integer) is
            Ended : Boolean := False;
         begin
            Turn.Get;
            begin
               N := Count;
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            begin
               Put_Line ("once done");
               Ended := True;   -- the task's end
            exception
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Get;

         overriding procedure Finalize (Self : in out Master) is
            pragma Unreferenced (Self);
         begin
            Turn.Await_End;   -- where the master waited for the task
         end Finalize;
      end Once;

      N : Integer;
      Once_Master : Once.Master;  --  rdv2po: the task was activated here (its master waits for it)
   begin
      Once.Put ("abc");
      Once.Get (N);
      begin
         Once.Put ("again");
         Put_Line ("late call taken");
      exception
         when Tasking_Error => Put_Line ("late call: Tasking_Error");
      end;
      Put_Line ("got" & Integer'Image (N));
   end Exchange;

   procedure Pairing is
      package Pair is
         procedure Put (S : String);
         type Master is limited private;   --  rdv2po: the task's master waits for it
      private
         type Master is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Self : in out Master);
      end Pair;

      package body Pair is
         First : String (1 .. 3) := "???";

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Put (Place : out Positive);
            procedure Finish (Ended : Boolean);
            entry Await_End;   -- for the master's wait
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
            Stage : Positive := 1;   -- 1 at accept Put, 2 at accept Put
         end Turn;

         protected body Turn is
            entry Put (Place : out Positive)
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
            end Put;

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

         procedure Put (S : String) is
            Place : Positive;
         begin
            Turn.Put (Place);
            case Place is
               when 1 =>
                  begin
                     First := S (S'First .. S'First + 2);
                  exception
                     when others =>
                        Turn.Finish (Ended => True);
                        raise;
                  end;
                  Turn.Finish (Ended => False);
               when others =>
                  begin
                     Put_Line ("pair: " & First & " and " & S);
                  exception
                     when others =>
                        Turn.Finish (Ended => True);
                        raise;
                  end;
                  Turn.Finish (Ended => True);   -- the task's end
            end case;
         end Put;

         overriding procedure Finalize (Self : in out Master) is
            pragma Unreferenced (Self);
         begin
            Turn.Await_End;   -- where the master waited for the task
         end Finalize;
      end Pair;
      Pair_Master : Pair.Master;  --  rdv2po: the task was activated here (its master waits for it)
   begin
      Pair.Put ("left");
      Pair.Put ("right");
   end Pairing;

   package Reply_Objects is
      type Reply (Scale : Positive) is tagged limited private;
      procedure Ask (Self : Reply; Q : String; A : out Integer);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Reply_Turn is
         entry Ask;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Ask
      end Reply_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Reply (Scale : Positive) is new Ada.Finalization.Limited_Controlled with record
         This : not null access Reply := Reply'Unchecked_Access;   -- writable from any view
         Turn : Reply_Turn;
      end record;
      overriding procedure Finalize (Self : in out Reply);
   end Reply_Objects;
   subtype Reply is Reply_Objects.Reply;

   package body Reply_Objects is
      protected body Reply_Turn is
         entry Ask when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Ask;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Reply_Turn;

      procedure Ask (Self : Reply; Q : String; A : out Integer) is
         Turn : Reply_Turn renames Self.This.Turn;
         Scale : Positive renames Self.Scale;
      begin
         Turn.Ask;
         begin
            A := Q'Length * Scale;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the task's end
      end Ask;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Reply) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Reply_Objects;

   procedure Replies is
      type Reply_Access is access Reply;
      Far : constant Reply_Access := new Reply (4);
      One : Reply (2);
      Row : array (1 .. 3) of Reply (3);
      A : Integer;
   begin
      One.Ask ("ab", A);
      Put_Line ("one" & Integer'Image (A));
      for I in Row'Range loop
         Row (I).Ask ((1 .. I => 'x'), A);
         Put_Line ("row" & Integer'Image (A));
      end loop;
      Far.Ask ("abc", A);
      Put_Line ("far" & Integer'Image (A));
   end Replies;
begin
   Exchange;
   Pairing;
   Replies;
   Put_Line ("PASSED");
end Main;
