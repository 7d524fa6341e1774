--  A server whose accept bodies call an instance of a generic package and
--  an instance of a generic function, both with their bodies in the
--  program: nothing there can block, so the accepting scheme translates it.
with Ada.Text_IO; use Ada.Text_IO;
with Bounded_Stacks;
with Scaling;
procedure Main is
   package Stack is new Bounded_Stacks (Size => 8);
   function Triple is new Scaling (Integer, 3);

   protected Keeper is
      procedure Put (X : Integer);
      entry Get (X : out Integer);
   private
      --  rdv2po: task Keeper became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Held : Natural := 0;
   end Keeper;

   protected body Keeper is

      procedure Put (X : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Stack.Push (Triple (X));
            Held := Held + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Put;

      entry Get (X : out Integer) when Ended or else Held > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            X := Stack.Pop;
            Held := Held - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Get;

   end Keeper;

   A, B : Integer;
begin
   Keeper.Put (2);
   Keeper.Put (5);
   Keeper.Get (A);
   Keeper.Get (B);
   Put_Line (Integer'Image (A) & Integer'Image (B));
   if A = 16 and B = 7 then
      Put_Line ("PASSED");
   end if;
end Main;
