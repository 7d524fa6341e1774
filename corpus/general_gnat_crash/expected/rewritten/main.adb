with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Sink_Objects is
      type Sink is tagged limited private;
      procedure Feed (Self : Sink; X : Integer);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Sink_Turn is
         entry Feed;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage_2 : Positive := 1;   -- 1 at accept Feed
      end Sink_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Sink is new Ada.Finalization.Limited_Controlled with record
         This : not null access Sink := Sink'Unchecked_Access;   -- writable from any view
         Turn : Sink_Turn;
      end record;
      overriding procedure Finalize (Self : in out Sink);
   end Sink_Objects;
   subtype Sink is Sink_Objects.Sink;
   package body Sink_Objects is
      protected body Sink_Turn is
         entry Feed when Over or else (not Busy and then Stage_2 = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage_2 := 2;
         end Feed;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Sink_Turn;

      procedure Feed (Self : Sink; X : Integer) is
         Turn : Sink_Turn renames Self.This.Turn;
      begin
         Turn.Feed;
         begin
            Put_Line ("sink got" & Integer'Image (X));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the task's end
      end Feed;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Sink) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Sink_Objects;

   task type Stage (Next : access Sink) is
      entry Feed (X : Integer);
   end Stage;
   task body Stage is
      V : Integer;
   begin
      accept Feed (X : Integer) do
         V := X;
      end Feed;
      Next.Feed (V * 2);
   end Stage;

   task type Front (Next : access Stage);
   task body Front is
   begin
      Next.Feed (21);
   end Front;

begin
   declare
      S : aliased Sink;
      D : aliased Stage (S'Access);
      F : Front (D'Access);
   begin
      null;
   end;
   Put_Line ("PASSED");
end Main;
