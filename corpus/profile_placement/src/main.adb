--  Everything declared where the profiles forbid it: the server in the main
--  procedure, the worker allocated.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   task Box is
      entry Put (V : Integer);
      entry Get (V : out Integer);
   end Box;

   task body Box is
      Held : Integer := 0;
   begin
      loop
         select
            accept Put (V : Integer) do
               Held := Held + V;
            end Put;
         or
            accept Get (V : out Integer) do
               V := Held;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Box;

   task type Worker;
   type Worker_Ref is access Worker;

   task body Worker is
   begin
      for I in 1 .. 4 loop
         Box.Put (I);
      end loop;
   end Worker;

   W : Worker_Ref;
   V : Integer;

begin
   W := new Worker;
   while not W'Terminated loop
      delay 0.001;
   end loop;
   Box.Get (V);
   Put_Line ("held:" & Integer'Image (V));
   Put_Line (if V = 10 then "PASSED" else "FAILED");
end Main;
