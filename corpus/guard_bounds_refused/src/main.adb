--  Beside guard_bounds: guards whose conversion or sum may raise stay refused,
--  and a task type's guard on its own variable is refused naming it.
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   type Slot is mod 4;
   type Small is range 0 .. 2;

   --  Count may be 3, outside Small: the conversion can raise
   task Narrow is
      entry Put;
      entry Get;
   end Narrow;

   task body Narrow is
      Count : Slot := 0;
   begin
      loop
         select
            when Small (Count) < 2 =>
               accept Put;
               Count := Count + 1;
         or
            accept Get;
            Count := Count - 1;
         or
            terminate;
         end select;
      end loop;
   end Narrow;

   --  Total + 1 can overflow Integer
   task Totals is
      entry Add (V : Integer);
      entry Read (V : out Integer);
   end Totals;

   task body Totals is
      Total : Integer := 0;
   begin
      loop
         select
            accept Add (V : Integer) do
               Total := Total + V;
            end Add;
         or
            when Total + 1 > 1 =>
               accept Read (V : out Integer) do
                  V := Total;
               end Read;
         or
            terminate;
         end select;
      end loop;
   end Totals;

   --  A task type (caller-runs: it prints) whose guard reads its own variable
   task type Stock is
      entry Add;
      entry Take;
   end Stock;

   task body Stock is
      Count : Natural := 0;
   begin
      loop
         select
            accept Add do
               Count := Count + 1;
               Put_Line ("added" & Count'Image);
            end Add;
         or
            when Count > 0 =>
               accept Take do
                  Count := Count - 1;
                  Put_Line ("taken" & Count'Image);
               end Take;
         or
            terminate;
         end select;
      end loop;
   end Stock;

   --  A conversion to a type declared after the task (caller-runs: it prints)
   task Pager is
      entry Page;
      entry Back;
   end Pager;

   type Late is range 0 .. 10;

   task body Pager is
      At_Page : Slot := 0;
   begin
      loop
         select
            when Late (At_Page) + 1 < 4 =>
               accept Page do
                  At_Page := At_Page + 1;
                  Put_Line ("page" & At_Page'Image);
               end Page;
         or
            when At_Page > 0 =>
               accept Back do
                  At_Page := At_Page - 1;
                  Put_Line ("back" & At_Page'Image);
               end Back;
         or
            terminate;
         end select;
      end loop;
   end Pager;

   S : Stock;
   V : Integer;
begin
   Narrow.Put;
   Narrow.Put;
   Narrow.Get;
   Totals.Add (5);
   Totals.Read (V);
   Put_Line ("total" & V'Image);
   S.Add;
   S.Take;
   Pager.Page;
   Pager.Page;
   Pager.Back;
   Put_Line ("PASSED");
end Main;
