--  Guards a textbook writes that cannot raise: a named number minus one
--  (static: the compiler evaluates it), the bound of the task's array, the
--  length of a statically constrained array and the last value of a
--  subtype.  The server scheme translates all three servers; the guards
--  become the barriers as written.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   N : constant := 4;                       --  seats at the table
   subtype Slot is Positive range 1 .. 3;

   --  The host lets at most N - 1 philosophers sit (no deadlock).
   task Host is
      entry Enter;
      entry Leave;
      entry Report (Most : out Natural);
   end Host;
   task body Host is
      Seated : Natural := 0;
      Most : Natural := 0;
   begin
      loop
         select
            when Seated < N - 1 =>
               accept Enter;
               Seated := Seated + 1;
               if Seated > Most then
                  Most := Seated;
               end if;
         or
            accept Leave;
            Seated := Seated - 1;
         or
            accept Report (Most : out Natural) do
               Most := Host.Most;
            end Report;
         or
            terminate;
         end select;
      end loop;
   end Host;

   --  A mailbox over an array: Post while there is room (Last <= Q'Last).
   task Mailbox is
      entry Post (M : Integer);
      entry Fetch (M : out Integer);
   end Mailbox;
   task body Mailbox is
      Q : array (1 .. 5) of Integer;
      First, Last : Positive := 1;
   begin
      loop
         select
            when Last <= Q'Last =>
               accept Post (M : Integer) do
                  Q (Last) := M;
               end Post;
               Last := Last + 1;
         or
            when First < Last =>
               accept Fetch (M : out Integer) do
                  M := Q (First);
               end Fetch;
               First := First + 1;
         or
            terminate;
         end select;
      end loop;
   end Mailbox;

   --  A ring buffer: Count < Items'Length, and a slot index below Slot'Last.
   task Ring is
      entry Put (X : Integer);
      entry Get (X : out Integer);
      entry Mark;
   end Ring;
   task body Ring is
      Items : array (Slot) of Integer := (others => 0);
      Head, Tail : Slot := 1;
      Count : Natural := 0;
      Marks : Natural := 0;
   begin
      loop
         select
            when Count < Items'Length =>
               accept Put (X : Integer) do
                  Items (Tail) := X;
               end Put;
               Tail := Tail mod Items'Length + 1;
               Count := Count + 1;
         or
            when Count > 0 =>
               accept Get (X : out Integer) do
                  X := Items (Head);
               end Get;
               Head := Head mod Items'Length + 1;
               Count := Count - 1;
         or
            when Marks < Slot'Last =>
               accept Mark;
               Marks := Marks + 1;
         or
            terminate;
         end select;
      end loop;
   end Ring;

   Most, M, Sum : Integer := 0;
begin
   for Guest in 1 .. N - 1 loop
      Host.Enter;
   end loop;
   select
      Host.Enter;
      Put_Line ("a fourth sat down");
   or
      delay 0.1;
      Put_Line ("the fourth waits");
   end select;
   Host.Leave;
   Host.Enter;
   Host.Report (Most);
   Put_Line ("at most" & Integer'Image (Most) & " seated, limit" & Integer'Image (N - 1));
   for I in 1 .. 5 loop
      Mailbox.Post (I * 10);
   end loop;
   select
      Mailbox.Post (60);
      Put_Line ("posted a sixth");
   or
      delay 0.1;
      Put_Line ("mailbox full after 5");
   end select;
   for I in 1 .. 5 loop
      Mailbox.Fetch (M);
      Sum := Sum + M;
   end loop;
   Put_Line ("fetched" & Integer'Image (Sum));
   for I in 1 .. 3 loop
      Ring.Put (I);
   end loop;
   select
      Ring.Put (4);
      Put_Line ("ring took a fourth");
   else
      Put_Line ("ring full after 3");
   end select;
   Sum := 0;
   for I in 1 .. 3 loop
      Ring.Get (M);
      Sum := Sum * 10 + M;
   end loop;
   Put_Line ("ring gave" & Integer'Image (Sum));
   for I in 1 .. 3 loop
      Ring.Mark;
   end loop;
   select
      Ring.Mark;
      Put_Line ("a fourth mark");
   or
      delay 0.1;
      Put_Line ("marks stop at" & Integer'Image (Slot'Last));
   end select;
   Put_Line ("PASSED");
end Main;
