with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Limit : Natural := 2;

   --  Its guard's function reads Limit, a variable outside the task.
   task Gate is
      entry Pass;
      entry Count (N : out Natural);
   end Gate;

   task body Gate is
      Passed : Natural := 0;
      function Open return Boolean is (Passed < Limit);
   begin
      loop
         select
            when Open =>
               accept Pass do
                  Passed := Passed + 1;
               end Pass;
         or
            accept Count (N : out Natural) do
               N := Passed;
            end Count;
         or
            terminate;
         end select;
      end loop;
   end Gate;

   --  Its guard's function takes a parameter.
   task Meter is
      entry Add;
      entry Total (N : out Natural);
   end Meter;

   task body Meter is
      Sum : Natural range 0 .. 5 := 0;
      function Below (Bound : Natural) return Boolean is (Sum < Bound);
   begin
      loop
         select
            when Below (5) =>
               accept Add do
                  Sum := Sum + 1;
               end Add;
         or
            accept Total (N : out Natural) do
               N := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Meter;

   --  Its guard's function indexes an array: the index may lie outside it.
   task Shelf is
      entry Put (V : Integer);
      entry Take (V : out Integer);
   end Shelf;

   task body Shelf is
      Items : array (1 .. 4) of Integer := (others => 0);
      Top   : Natural range 0 .. 4 := 0;
      function Top_Set return Boolean is (Items (Top) /= 0);
   begin
      loop
         select
            accept Put (V : Integer) do
               Top := Top + 1;
               Items (Top) := V;
            end Put;
         or
            when Top > 0 and then Top_Set =>
               accept Take (V : out Integer) do
                  V := Items (Top);
                  Top := Top - 1;
               end Take;
         or
            terminate;
         end select;
      end loop;
   end Shelf;

   N : Natural;
   V : Integer;
begin
   Gate.Pass;
   Gate.Pass;
   Gate.Count (N);
   Put_Line ("gate" & N'Image);
   for I in 1 .. 3 loop
      Meter.Add;
   end loop;
   Meter.Total (N);
   Put_Line ("meter" & N'Image);
   Shelf.Put (7);
   Shelf.Take (V);
   Put_Line ("shelf" & V'Image);
   Put_Line ("PASSED");
end Main;
