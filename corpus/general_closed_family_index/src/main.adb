--  A dispatcher hands out slots of a table by entry family member.  Each
--  alternative is guarded by a check that its index is in range, and the index
--  is only computed when the guard is open: past the end of the table, the
--  index expression would raise Constraint_Error.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   subtype Slot is Positive range 1 .. 3;
   Table : constant array (Slot) of Slot := (3, 1, 2);

   Computed : Natural := 0;    --  how many indexes the dispatcher computed

   function Member (Position : Positive) return Slot is
   begin
      Computed := Computed + 1;
      return Table (Position);
   end Member;

   task Dispatcher is
      entry Take (Slot);
      entry Done;
   end Dispatcher;

   task body Dispatcher is
      Next : Positive := 1;
   begin
      loop
         select
            when Next <= Table'Last =>
               accept Take (Member (Next)) do
                  Next := Next + 1;
               end Take;
         or
            when Next > Table'Last =>
               accept Done;
               exit;
         or
            terminate;
         end select;
      end loop;
   end Dispatcher;

begin
   for Position in Table'Range loop
      Dispatcher.Take (Table (Position));
      Put_Line ("took slot" & Slot'Image (Table (Position)));
   end loop;
   Dispatcher.Done;
   Put_Line ("indexes computed:" & Natural'Image (Computed));
   Put_Line ("PASSED");
end Main;
