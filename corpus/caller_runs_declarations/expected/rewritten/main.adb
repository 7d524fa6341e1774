with Ada.Finalization;
with Ada.Text_IO;
with Sinks;
procedure Main is
   Total : aliased Integer := 0;

   package Tally_Objects is
      type Tally is tagged limited private;
      procedure Add (Self : Tally; N : Integer);
      procedure Report (Self : Tally);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Tally_Turn is
         entry Add;
         entry Report;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Tally_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Tally is tagged limited record
         This : not null access Tally := Tally'Unchecked_Access;   -- writable from any view
         Turn : Tally_Turn;
         Into : Sinks.Counter_View;
         Sum : Integer := 0;
      end record;
   end Tally_Objects;
   subtype Tally is Tally_Objects.Tally;

   package body Tally_Objects is
      procedure Ignore (N : Integer) is null;

      protected body Tally_Turn is
         entry Add when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Add;

         entry Report when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Report;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Tally_Turn;

      procedure Add (Self : Tally; N : Integer) is
         Turn : Tally_Turn renames Self.This.Turn;
         Into : Sinks.Counter_View renames Self.This.Into;
         Sum : Integer renames Self.This.Sum;
      begin
         Turn.Add;
         begin
            Ignore (N);
            Sum := Sum + N;
            if Sinks."=" (Into, null) then
               Ada.Text_IO.Put_Line ("add" & Integer'Image (N));
            end if;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Add;

      procedure Report (Self : Tally) is
         Turn : Tally_Turn renames Self.This.Turn;
         Sum : Integer renames Self.This.Sum;
      begin
         Turn.Report;
         begin
            Ada.Text_IO.Put_Line ("sum" & Integer'Image (Sum));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Report;
   end Tally_Objects;

   T : Tally;

   package Emitter is
      procedure Aim (At_Total : Sinks.Counter_View);
      procedure Emit (N : Integer);
      procedure Stop;
      function Start return Boolean;   --  rdv2po: the task's activation
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Emitter;

   package body Emitter is
      use Ada.Text_IO;
      use type Sinks.Counter_View;
      procedure No_Trace (S : String) is null;
      Target : Sinks.Counter_View;
      Quiet : Sinks.Action;
      Emitted : Natural := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Aim;
         entry Emit;
         entry Stop;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := True;   -- until Start has run
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Aim when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Aim;

         entry Emit when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Emit;

         entry Stop when Over or else not Busy is
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
      end Turn;

      procedure Aim (At_Total : Sinks.Counter_View) is
      begin
         Turn.Aim;
         begin
            Target := At_Total;
            Put_Line ("aimed");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Aim;

      procedure Emit (N : Integer) is
         Ended : Boolean := False;
      begin
         Turn.Emit;
         begin
            No_Trace ("emit");
            if Target /= null then
               Target.all := Target.all + N;
            end if;
            Put_Line ("emit" & Integer'Image (N));
            Quiet.all;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Emitted := Emitted + 1;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Emit;

      procedure Stop is
      begin
         Turn.Stop;
         begin
            Put_Line ("emitted" & Natural'Image (Emitted));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the loop's exit
      end Stop;

      --  What the task did when it was activated and before its loop, done
      --  where it was activated; False when its activation failed.
      function Start return Boolean is
      begin
         begin
            Quiet := Sinks.Nothing'Access;
         exception
            when others =>   -- the task's activation failed
               Turn.Finish (Ended => True);
               return False;
         end;
         Turn.Finish (Ended => False);   -- the server is at its loop
         return True;
      end Start;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end Emitter;
   Emitter_Started : constant Boolean := Emitter.Start;  --  rdv2po: the task was activated here
   Emitter_Master : Emitter.Master;  --  rdv2po: the task was activated here (its master waits for it)
begin
   if not Emitter_Started then raise Tasking_Error; end if;  --  rdv2po: the task was activated here
   Emitter.Emit (1);
   Emitter.Aim (Total'Unchecked_Access);
   Emitter.Emit (2);
   Emitter.Emit (3);
   Emitter.Stop;
   T.Add (4);
   T.Add (6);
   T.Report;
   Ada.Text_IO.Put_Line ("total" & Integer'Image (Total));
   if Total = 5 then
      Ada.Text_IO.Put_Line ("PASSED");
   end if;
end Main;
