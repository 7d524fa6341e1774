with Ada.Text_IO; use Ada.Text_IO;
with Ops;
procedure Main is
   function Double (X : Integer) return Integer is (X * 2);

   protected Server is
      procedure Put (X : Integer);
      procedure Get (X : out Integer);
   private
      --  rdv2po: task Server became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Val : Integer := 0;
   end Server;

   protected body Server is

      procedure Put (X : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Ops.Nothing (X);
            Val := Val + Double (X) + Ops.Triple (X);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Put;

      procedure Get (X : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         X := Val;
      end Get;

   end Server;

   X : Integer;
begin
   for I in 1 .. 4 loop
      Server.Put (I);
   end loop;
   Server.Get (X);
   Put_Line ("total" & Integer'Image (X));
   Put_Line ("PASSED");
end Main;
