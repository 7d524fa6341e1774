with Ada.Text_IO; use Ada.Text_IO;
with Ops;
procedure Main is
   function Double (X : Integer) return Integer is (X * 2);

   protected Server is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   private
      --  rdv2po: task Server became this protected object. Stage is where
      --  the task stood: 1 = select of Put/Get; 0 = ended (calls raise
      --  Tasking_Error).
      Stage : Integer := 1;
      Val : Integer := 0;
   end Server;

   protected body Server is

      entry Put (X : Integer) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Ops.Nothing (X);
            Val := Val + Double (X) + Ops.Triple (X);
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Put;

      entry Get (X : out Integer) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            X := Val;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
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
