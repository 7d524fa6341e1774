--  A task type and a single task that implement interfaces: Cell (a
--  one-place buffer that counts what it took) implements the synchronized
--  interface Buffer and the limited interface Counted, Mailbox implements
--  Buffer.  Both become protected objects that implement the same
--  interfaces; callers reach them through the interfaces (dispatching calls,
--  also a timed one on a full buffer that expires), directly, and beside a
--  protected type the program wrote itself that implements Buffer too.
with Ada.Text_IO; use Ada.Text_IO;
with Buffers; use Buffers;
procedure Main is

   protected type Cell is new Buffer and Counted with
      overriding entry Put (X : Integer);
      overriding entry Get (X : out Integer);
      overriding entry Count (N : out Natural);
   private
      --  rdv2po: task Cell became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Value : Integer := 0;
      Full  : Boolean := False;
      Taken : Natural := 0;
   end Cell;

   protected body Cell is

      entry Put (X : Integer) when Ended or else not Full is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Value := X;
         begin
            Full := True;
            Taken := Taken + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Put;

      entry Get (X : out Integer) when Ended or else Full is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         X := Value;
         Full := False;
      end Get;

      entry Count (N : out Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         N := Taken;
      end Count;

   end Cell;

   protected Mailbox is new Buffer with
      entry Put (X : Integer);
      entry Get (X : out Integer);
   private
      --  rdv2po: task Mailbox became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
      Items : Natural := 0;
   end Mailbox;

   protected body Mailbox is

      entry Put (X : Integer) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Items := Items + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Put;

      entry Get (X : out Integer) when Ended or else Items > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         X := Sum;
         Sum := 0;
         Items := 0;
      end Get;

   end Mailbox;

   --  written by the program: a buffer that keeps the largest value
   protected type Keeper is new Buffer with
      overriding entry Put (X : Integer);
      overriding entry Get (X : out Integer);
   private
      Best : Integer := Integer'First;
   end Keeper;

   protected body Keeper is
      entry Put (X : Integer) when True is
      begin
         Best := Integer'Max (Best, X);
      end Put;
      entry Get (X : out Integer) when Best > Integer'First is
      begin
         X := Best;
      end Get;
   end Keeper;

   type Buffer_Ref is access all Buffer'Class;

   A, B : aliased Cell;
   K    : aliased Keeper;
   All_Buffers : array (1 .. 2) of Buffer_Ref := (A'Access, K'Access);
   Counters : array (1 .. 2) of access Counted'Class :=
     (A'Access, B'Access);
   X : Integer;
   N : Natural;
begin
   for I in All_Buffers'Range loop
      All_Buffers (I).Put (10 * I);
      All_Buffers (I).Get (X);
      Put_Line ("buffer" & Integer'Image (I) & " gives" & Integer'Image (X));
      All_Buffers (I).Reset;
   end loop;
   Mailbox.Put (100);
   Mailbox.Get (X);
   Put_Line ("Mailbox gives" & Integer'Image (X));
   Fill (Mailbox, 1, 4);
   Mailbox.Get (X);
   Put_Line ("Mailbox sum of 1 .. 4:" & Integer'Image (X));
   B.Put (7);
   select
      All_Buffers (1).Put (8);
      Put_Line ("A took 8");
   or
      delay 0.05;
      Put_Line ("A was full: the timed call expired (wrong)");
   end select;
   select
      Counters (2).all.Count (N);   --  B is full: Count is open all the same
      Put_Line ("B counted" & Natural'Image (N));
   or
      delay 1.0;
      Put_Line ("B did not count (wrong)");
   end select;
   declare
      Full_B : Buffer'Class renames Buffer'Class (B);
   begin
      select
         Full_B.Put (9);
         Put_Line ("B took 9 while full (wrong)");
      or
         delay 0.05;
         Put_Line ("B is full: the timed call through the interface expired");
      end select;
   end;
   B.Get (X);
   Put_Line ("B gives" & Integer'Image (X));
   A.Get (X);
   Put_Line ("A gives" & Integer'Image (X));
   for I in Counters'Range loop
      Counters (I).Count (N);
      Put_Line ("counter" & Integer'Image (I) & " took" & Natural'Image (N));
   end loop;
   Put_Line ("PASSED");
end Main;
