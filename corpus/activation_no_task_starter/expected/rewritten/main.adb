with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Direct_IO;
procedure Main is
   generic
      type Element is private;
   package Holders is
      type Holder is record
         Value : Element;
      end record;
   end Holders;

   type Point is tagged record
      X, Y : Integer := 0;
   end record;
   type Point_Ref is access Point;

   --  Shape 1: an instance of Ada.Direct_IO after the task.
   package First is
      procedure Put (V : Integer);
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end First;
   package Int_Files is new Ada.Direct_IO (Integer);

   --  Shape 2: an allocator of a plain tagged record after the task.
   package Second is
      procedure Put (V : Integer);
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Second;
   Origin : constant Point_Ref := new Point'(X => 1, Y => 2);

   --  Shape 3: in the body of a task type, an access object, then
   --  an instance of a task-free generic.
   task type Third is
      entry Put (V : Integer);
   end Third;
   type Third_Ref is access all Third;

   package body First is
      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Put;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Put
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

      procedure Put (V : Integer) is
      begin
         Turn.Put;
         begin
            Put_Line ("first" & Integer'Image (V));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the task's end
      end Put;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end First;

   package body Second is
      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Put;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Put
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

      procedure Put (V : Integer) is
      begin
         Turn.Put;
         begin
            Put_Line ("second" & Integer'Image (V));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the task's end
      end Put;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end Second;

   task body Third is
      Peer : constant Third_Ref := null;
      package Int_Holders is new Holders (Integer);
      Last : Int_Holders.Holder := (Value => 0);
   begin
      accept Put (V : Integer) do
         Last.Value := V;
         Put_Line ("third" & Integer'Image (Last.Value)
                   & " " & Boolean'Image (Peer = null));
      end Put;
   end Third;

   procedure Send (V : Integer) is
      T : constant Third_Ref := new Third;
   begin
      First.Put (V);
      Second.Put (V + Origin.X);
      T.Put (V + Origin.Y);
   end Send;
   First_Master : First.Master;  --  rdv2po: the task was activated here (its master waits for it)
   Second_Master : Second.Master;  --  rdv2po: the task was activated here (its master waits for it)
begin
   Send (1);
   Put_Line (Int_Files.File_Mode'Image (Int_Files.In_File));
   Put_Line ("PASSED");
end Main;
