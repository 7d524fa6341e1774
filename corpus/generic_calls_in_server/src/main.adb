--  A server whose accept bodies call an instance of a generic package and
--  an instance of a generic function, both with their bodies in the
--  program: nothing there can block, so the accepting scheme translates it.
with Ada.Text_IO; use Ada.Text_IO;
with Bounded_Stacks;
with Scaling;
procedure Main is
   package Stack is new Bounded_Stacks (Size => 8);
   function Triple is new Scaling (Integer, 3);

   task Keeper is
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Keeper;

   task body Keeper is
      Held : Natural := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Stack.Push (Triple (X));
               Held := Held + 1;
            end Put;
         or
            when Held > 0 =>
               accept Get (X : out Integer) do
                  X := Stack.Pop;
                  Held := Held - 1;
               end Get;
         or
            terminate;
         end select;
      end loop;
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
