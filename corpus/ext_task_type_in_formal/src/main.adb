with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Counter is
      entry Inc;
      entry Get (V : out Natural);
   end Counter;

   task body Counter is
      N : Natural := 0;
   begin
      loop
         select
            accept Inc do
               N := N + 1;
            end Inc;
         or
            accept Get (V : out Natural) do
               V := N;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Counter;

   procedure Bump (C : Counter; Times : Natural) is
   begin
      for I in 1 .. Times loop
         C.Inc;
      end loop;
   end Bump;

   procedure Show (C : in Counter) is
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
