--  Servers freeing objects whose finalization writes output: a call of an
--  instance of Ada.Unchecked_Deallocation runs Finalize, which may block, so
--  neither server may become a protected object (the accepting scheme
--  translates a Free of values only).
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Unchecked_Deallocation;
with Tracked; use Tracked;
procedure Main is
   procedure Free is new Ada.Unchecked_Deallocation (Cell, Cell_Access);
   procedure Free is new Ada.Unchecked_Deallocation (Holder, Holder_Access);

   package Direct is
      procedure Put (X : Integer);
      procedure Stop;
      function Start return Boolean;   --  rdv2po: the task's activation
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Direct;

   package Wrapped is
      procedure Put (X : Integer);
      procedure Stop;
      function Start return Boolean;   --  rdv2po: the task's activation
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Wrapped;

   package body Direct is
      Current : Cell_Access;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Put;
         entry Stop;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := True;   -- until Start has run
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Put when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Put;

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

      procedure Put (X : Integer) is
      begin
         Turn.Put;
         begin
            Free (Current);
            Current := new Cell;
            Current.Value := X;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Put;

      procedure Stop is
      begin
         Turn.Stop;
         begin
            Current.Value := 0;
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
            Current := null;
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
   end Direct;

   package body Wrapped is
      Current : Holder_Access;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Put;
         entry Stop;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := True;   -- until Start has run
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Put when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Put;

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

      procedure Put (X : Integer) is
      begin
         Turn.Put;
         begin
            Free (Current);
            Current := new Holder;
            Current.Inner.Value := X;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Put;

      procedure Stop is
      begin
         Turn.Stop;
         begin
            Current.Inner.Value := 0;
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
            Current := null;
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
   end Wrapped;
   Direct_Started : constant Boolean := Direct.Start;  --  rdv2po: the task was activated here
   Direct_Master : Direct.Master;  --  rdv2po: the task was activated here (its master waits for it)
   Wrapped_Started : constant Boolean := Wrapped.Start;  --  rdv2po: the task was activated here
   Wrapped_Master : Wrapped.Master;  --  rdv2po: the task was activated here (its master waits for it)
begin
   if not Direct_Started then raise Tasking_Error; end if;  --  rdv2po: the task was activated here
   if not Wrapped_Started then raise Tasking_Error; end if;  --  rdv2po: the task was activated here
   Direct.Put (1);
   Direct.Put (2);
   Wrapped.Put (10);
   Wrapped.Put (20);
   Direct.Stop;
   Wrapped.Stop;
   Put_Line ("PASSED");
end Main;
