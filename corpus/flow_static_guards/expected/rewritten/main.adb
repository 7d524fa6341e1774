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
   protected Host is
      entry Enter;
      procedure Leave;
      procedure Report (Most : out Natural);
   private
      --  rdv2po: task Host became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Seated : Natural := 0;
      Most : Natural := 0;
   end Host;
   protected body Host is

      entry Enter when Ended or else Seated < N - 1 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Seated := Seated + 1;
            if Seated > Most then
               Most := Seated;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Enter;

      procedure Leave is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Seated := Seated - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Leave;

      procedure Report (Most : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Most := Host.Most;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Report;

   end Host;

   --  A mailbox over an array: Post while there is room (Last <= Q'Last).
   type Mailbox_Q_Array is array (1 .. 5) of Integer;
   protected Mailbox is
      entry Post (M : Integer);
      entry Fetch (M : out Integer);
   private
      --  rdv2po: task Mailbox became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Q : Mailbox_Q_Array;
      First, Last : Positive := 1;
   end Mailbox;
   protected body Mailbox is

      entry Post (M : Integer) when Ended or else Last <= Q'Last is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Q (Last) := M;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Last := Last + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Post;

      entry Fetch (M : out Integer) when Ended or else First < Last is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            M := Q (First);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            First := First + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Fetch;

   end Mailbox;

   --  A ring buffer: Count < Items'Length, and a slot index below Slot'Last.
   type Ring_Items_Array is array (Slot) of Integer;
   protected Ring is
      entry Put (X : Integer);
      entry Get (X : out Integer);
      entry Mark;
   private
      --  rdv2po: task Ring became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Items : Ring_Items_Array := (others => 0);
      Head, Tail : Slot := 1;
      Count : Natural := 0;
      Marks : Natural := 0;
   end Ring;
   protected body Ring is

      entry Put (X : Integer) when Ended or else Count < Items'Length is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Items (Tail) := X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Tail := Tail mod Items'Length + 1;
            Count := Count + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Put;

      entry Get (X : out Integer) when Ended or else Count > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            X := Items (Head);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Head := Head mod Items'Length + 1;
            Count := Count - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Get;

      entry Mark when Ended or else Marks < Slot'Last is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Marks := Marks + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Mark;

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
