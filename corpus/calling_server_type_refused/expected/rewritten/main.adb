--  Task types taken for calling servers that the scheme refuses.  Dealer
--  has two objects, each handing one job to each of its own two workers:
--  a worker could not name the object that called it.  Feeder has one
--  object, but main asks whether it has terminated: as a protected object
--  it has no such attribute.

with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   protected Sums is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Sums;

   protected body Sums is
      procedure Add (X : Integer) is
      begin
         S := S + X;
      end Add;
      function Get return Integer is (S);
   end Sums;

   Feeder_Ended : Boolean := False;

   procedure Run is

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
            Mine : Integer;
         end record;
         overriding procedure Finalize (Self : in out Worker);
      end Worker_Objects;
      subtype Worker is Worker_Objects.Worker;

      package Helper_Objects is
         type Helper is tagged limited private;
         procedure Start (Self : Helper; V : Integer);
      private
         --  An object's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected type Helper_Turn is
            entry Start;
            procedure Finish (Ended : Boolean);
            entry Await_End;   -- for the object's finalization
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
            Stage : Positive := 1;   -- 1 at accept Start
         end Helper_Turn;

         --  An object: its turn and the task's variables.  A task is called through
         --  constant views too (an in parameter): This is the object itself.
         type Helper is new Ada.Finalization.Limited_Controlled with record
            This : not null access Helper := Helper'Unchecked_Access;   -- writable from any view
            Turn : Helper_Turn;
            Mine : Integer;
         end record;
         overriding procedure Finalize (Self : in out Helper);
      end Helper_Objects;
      subtype Helper is Helper_Objects.Helper;

      Pool  : array (1 .. 4) of Worker;
      Crew  : array (1 .. 2) of Helper;

      task type Dealer (First : Positive);
      D1 : Dealer (1);
      D2 : Dealer (3);

      task type Feeder;
      F : Feeder;

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
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            begin
               Sums.Add (Mine);
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

      package body Helper_Objects is
         protected body Helper_Turn is
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
         end Helper_Turn;

         procedure Start (Self : Helper; V : Integer) is
            Turn : Helper_Turn renames Self.This.Turn;
            Mine : Integer renames Self.This.Mine;
            Ended : Boolean := False;
         begin
            Turn.Start;
            begin
               Mine := V;
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            begin
               Sums.Add (Mine);
               Ended := True;   -- the task's end
            exception
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Start;

         --  The task's master waited for it to terminate: the object's waits until
         --  the server has completed or is at a select with a terminate alternative.
         overriding procedure Finalize (Self : in out Helper) is
         begin
            Self.Turn.Await_End;
         end Finalize;
      end Helper_Objects;

      task body Dealer is
      begin
         Pool (First).Start (First * 10);
         Pool (First + 1).Start ((First + 1) * 10);
      end Dealer;

      task body Feeder is
      begin
         for I in Crew'Range loop
            Crew (I).Start (I * 1_000);
         end loop;
      end Feeder;

   begin
      while not F'Terminated loop
         delay 0.001;
      end loop;
      Feeder_Ended := True;
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   if Sums.Get = 3_100 and Feeder_Ended then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
