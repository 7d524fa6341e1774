--  Everything declared where the profiles forbid it: the server in the main
--  procedure, the worker allocated.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   protected Box is
      procedure Put (V : Integer);
      procedure Get (V : out Integer);
   private
      --  rdv2po: task Box became this protected object. Ended: the task has
      --  ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Held : Integer := 0;
   end Box;

   protected body Box is

      procedure Put (V : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Held := Held + V;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Put;

      procedure Get (V : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         V := Held;
      end Get;

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
