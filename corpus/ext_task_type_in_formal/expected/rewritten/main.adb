with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected type Counter is
      procedure Inc;
      procedure Get (V : out Natural);
   private
      --  rdv2po: task Counter became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      N : Natural := 0;
   end Counter;

   protected body Counter is

      procedure Inc is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            N := N + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Inc;

      procedure Get (V : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         V := N;
      end Get;

   end Counter;

   procedure Bump (C : in out Counter; Times : Natural) is
   begin
      for I in 1 .. Times loop
         C.Inc;
      end loop;
   end Bump;

   procedure Show (C : in out Counter) is
      V : Natural;
   begin
      C.Get (V);
      Put_Line (Natural'Image (V));
   end Show;

   Cs : array (1 .. 2) of Counter;
begin
   Bump (Cs (1), 3);
   Bump (Cs (2), 5);
   Show (Cs (1));
   Show (Cs (2));
   Put_Line ("PASSED");
end Main;
