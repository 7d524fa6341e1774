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
   task Ring is
      entry Push (X : Integer);
      entry Pop (X : out Integer);
   end Ring;

   task body Ring is
      Capacity : constant Integer := 3;
      Items    : array (1 .. Capacity) of Integer;
      Head     : Integer := 1;
      Held     : Integer := 0;
   begin
      loop
         select
            when Held < Capacity =>
               accept Push (X : Integer) do
                  Items ((Head + Held - 1) mod Capacity + 1) := X;
               end Push;
               Held := Held + 1;
         or
            when Held > 0 =>
               accept Pop (X : out Integer) do
                  X := Items (Head);
               end Pop;
               Head := Head mod Capacity + 1;
               Held := Held - 1;
         or
            terminate;
         end select;
      end loop;
   end Ring;

   --  Counter: prints in its accept body; its guard reads Slot'Last
   task Counter is
      entry Take (Who : String);
   end Counter;

   task body Counter is
      Width : constant Natural := 2;
      Given : Slot := 0;
      Marks : array (1 .. Width) of Boolean := (others => False);
      Me    : Node_ID := Node_ID'Pred (Node_ID'Last);
   begin
      loop
         select
            when Given < Slot'Last =>
               accept Take (Who : String) do
                  Put_Line (Who & " takes" & Slot'Image (Given)
                            & " at node" & Node_ID'Image (Me));
               end Take;
               Given := Given + 1;
               Marks (Integer (Given) mod Width + 1) := True;
         or
            terminate;
         end select;
      end loop;
   end Counter;

   P : Printer_Ref := new Printer;
   H : Handle_Ref := new Handle (P);
   V : Integer;
begin
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
