--  Servers whose bodies read static values: a constant with a literal value
--  giving an array's bounds, a guard comparing with a type's last value, a
--  type named like one of another main program of the folder, and a task type
--  whose objects are made by allocators beside a handle that holds no task.
with Ada.Text_IO; use Ada.Text_IO;
with Printers; use Printers;
procedure Main is
   type Slot is mod 4;
   type Node_ID is range 1 .. 5;

   --  Ring: its bound is a typed constant, not a named number
   Ring_Capacity : constant Integer := 3;
   type Ring_Items_Array is array (1 .. Ring_Capacity) of Integer;
   protected Ring is
      entry Push (X : Integer);
      entry Pop (X : out Integer);
   private
      --  rdv2po: task Ring became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Items    : Ring_Items_Array;
      Head     : Integer := 1;
      Held     : Integer := 0;
   end Ring;

   protected body Ring is

      entry Push (X : Integer) when Ended or else Held < Ring_Capacity is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Items ((Head + Held - 1) mod Ring_Capacity + 1) := X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Held := Held + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Push;

      entry Pop (X : out Integer) when Ended or else Held > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            X := Items (Head);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Head := Head mod Ring_Capacity + 1;
            Held := Held - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Pop;

   end Ring;

   --  Counter: prints in its accept body; its guard reads Slot'Last
   package Counter is
      procedure Take (Who : String);
      function Start return Boolean;   --  rdv2po: the task's activation
   end Counter;

   package body Counter is
      Width : constant Natural := 2;
      Given : Slot := 0;
      Marks : array (1 .. Width) of Boolean;
      Me    : Node_ID;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Take;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := True;   -- until Start has run
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Take when Over or else (not Busy and then (Given < Slot'Last)) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Take;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Take (Who : String) is
         Ended : Boolean := False;
      begin
         Turn.Take;
         begin
            Put_Line (Who & " takes" & Slot'Image (Given)
                      & " at node" & Node_ID'Image (Me));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Given := Given + 1;
            Marks (Integer (Given) mod Width + 1) := True;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Take;

      --  What the task did when it was activated and before its loop, done
      --  where it was activated; False when its activation failed.
      function Start return Boolean is
      begin
         begin
            Marks := (others => False);
            Me := Node_ID'Pred (Node_ID'Last);
         exception
            when others =>   -- the task's activation failed
               Turn.Finish (Ended => True);
               return False;
         end;
         Turn.Finish (Ended => False);   -- the server is at its loop
         return True;
      end Start;
   end Counter;

   P : Printer_Ref := new Printer;
   H : Handle_Ref := new Handle (P);
   V : Integer;
   Counter_Started : constant Boolean := Counter.Start;  --  rdv2po: the task was activated here
begin
   if not Counter_Started then raise Tasking_Error; end if;  --  rdv2po: the task was activated here
   for K in 1 .. 5 loop
      Ring.Push (K * 10);
      Ring.Pop (V);
      Put_Line ("popped" & Integer'Image (V));
   end loop;
   Ring.Push (1);
   Ring.Push (2);
   Ring.Push (3);
   for K in 1 .. 3 loop
      Ring.Pop (V);
      Put_Line ("drained" & Integer'Image (V));
   end loop;
   Counter.Take ("ann");
   Counter.Take ("bob");
   Counter.Take ("cy");
   Show (H, "first");
   Show (H, "second");
   Put_Line ("PASSED");
end Main;
