with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Gate is
      entry Enter;
      procedure Leave;
   private
      Inside : Boolean := False;
   end Gate;

   protected body Gate is
      entry Enter when not Inside is
      begin
         Inside := True;
      end Enter;
      procedure Leave is
      begin
         Inside := False;
      end Leave;
   end Gate;

   --  Its one accept sits in a select of one guarded alternative.
   task Greeter is
      entry Hello (N : Integer);
   end Greeter;

   task body Greeter is
   begin
      select
         when Hello'Count >= 0 =>
         accept Hello (N : Integer) do
            Put_Line ("hello" & N'Image);
         end Hello;
      end select;
   end Greeter;

   --  After its accept it waits on a protected entry.
   task Visitor is
      entry Go (N : Integer);
   end Visitor;

   task body Visitor is
      Id : Integer;
   begin
      accept Go (N : Integer) do
         Id := N;
         Put_Line ("visitor" & Id'Image);
      end Go;
      Gate.Enter;
      Id := Id + 1;
      Gate.Leave;
   end Visitor;

   --  Beside Greeter: the same accept, written bare, is a one-shot server.
   package Waver is
      procedure Wave (N : Integer);
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Waver;

   package body Waver is
      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Wave;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Wave
      end Turn;

      protected body Turn is
         entry Wave when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Wave;

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

      procedure Wave (N : Integer) is
      begin
         Turn.Wave;
         begin
            Put_Line ("wave" & N'Image);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the task's end
      end Wave;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end Waver;
   Waver_Master : Waver.Master;  --  rdv2po: the task was activated here (its master waits for it)
begin
   Greeter.Hello (1);
   Waver.Wave (3);
   Visitor.Go (2);
   Put_Line ("PASSED");
end Main;
