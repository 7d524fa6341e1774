--  One-shot servers whose accepts wait in a select with a terminate
--  alternative: the caller-runs scheme takes each such select as its accept.
--  A task waiting there terminates with its master instead of holding it, so
--  an object never called (or called at its first stage only) does not keep
--  its block waiting; one that completes prints after its last accept (its
--  caller runs that), and a later call raises Tasking_Error.  A select of one
--  accept alternative, with no terminate, is taken as that accept.

with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   package Stamp_Objects is
      type Stamp is tagged limited private;
      procedure Set (Self : Stamp; N : Integer);
      procedure Show (Self : Stamp);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Stamp_Turn is
         entry Set;
         entry Show;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Set, 2 at accept Show
      end Stamp_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Stamp is tagged limited record
         This : not null access Stamp := Stamp'Unchecked_Access;   -- writable from any view
         Turn : Stamp_Turn;
         Value : Integer := 0;
      end record;
   end Stamp_Objects;
   subtype Stamp is Stamp_Objects.Stamp;

   package body Stamp_Objects is
      protected body Stamp_Turn is
         entry Set when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Set;

         entry Show when Over or else (not Busy and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 3;
         end Show;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Stamp_Turn;

      procedure Set (Self : Stamp; N : Integer) is
         Turn : Stamp_Turn renames Self.This.Turn;
         Value : Integer renames Self.This.Value;
         Ended : Boolean := False;
      begin
         Turn.Set;
         begin
            Value := N;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Value := Value * 2;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Set;

      procedure Show (Self : Stamp) is
         Turn : Stamp_Turn renames Self.This.Turn;
         Value : Integer renames Self.This.Value;
         Ended : Boolean := False;
      begin
         Turn.Show;
         begin
            Put_Line ("stamp:" & Integer'Image (Value));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Put_Line ("stamp done");
            Ended := True;   -- the task's end
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Show;
   end Stamp_Objects;

begin
   declare
      package Greeter is
         procedure Hello (Name : String);
      end Greeter;

      package body Greeter is
         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Hello;
            procedure Finish (Ended : Boolean);
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
            Stage : Positive := 1;   -- 1 at accept Hello
         end Turn;

         protected body Turn is
            entry Hello when Over or else (not Busy and then Stage = 1) is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 2;
            end Hello;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;
         end Turn;

         procedure Hello (Name : String) is
         begin
            Turn.Hello;
            begin
               Put_Line ("hello, " & Name);
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => True);   -- the task's end
         end Hello;
      end Greeter;
      --  a select of one alternative waits as its accept does
      package Plain is
         procedure Bye;
         type Master is limited private;   --  rdv2po: the task's master waits for it
      private
         type Master is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Self : in out Master);
      end Plain;

      package body Plain is
         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Bye;
            procedure Finish (Ended : Boolean);
            entry Await_End;   -- for the master's wait
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
            Stage : Positive := 1;   -- 1 at accept Bye
         end Turn;

         protected body Turn is
            entry Bye when Over or else (not Busy and then Stage = 1) is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 2;
            end Bye;

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

         procedure Bye is
         begin
            Turn.Bye;
            begin
               Put_Line ("bye");
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => True);   -- the task's end
         end Bye;

         overriding procedure Finalize (Self : in out Master) is
            pragma Unreferenced (Self);
         begin
            Turn.Await_End;   -- where the master waited for the task
         end Finalize;
      end Plain;
      Plain_Master : Plain.Master;  --  rdv2po: the task was activated here (its master waits for it)
   begin
      Greeter.Hello ("world");
      Plain.Bye;
      begin
         Greeter.Hello ("again");
         Put_Line ("late call taken");
      exception
         when Tasking_Error =>
            Put_Line ("late call: Tasking_Error");
      end;
   end;

   declare
      Full, Half, Idle : Stamp;
   begin
      Full.Set (21);
      Full.Show;
      Half.Set (5);
      --  Half waits at its second select, Idle at its first: both terminate
      --  with this block
   end;
   Put_Line ("block left");

   declare
      Twice : Stamp;
   begin
      Twice.Set (1);
      Twice.Show;
      Twice.Show;
      Put_Line ("second show taken");
   exception
      when Tasking_Error =>
         Put_Line ("second show: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
