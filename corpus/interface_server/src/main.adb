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

   task type Cell is new Buffer and Counted with
      overriding entry Put (X : Integer);
      overriding entry Get (X : out Integer);
      overriding entry Count (N : out Natural);
   end Cell;

   task body Cell is
      Value : Integer := 0;
      Full  : Boolean := False;
      Taken : Natural := 0;
   begin
      loop
         select
            when not Full =>
               accept Put (X : Integer) do
                  Value := X;
               end Put;
               Full := True;
               Taken := Taken + 1;
         or
            when Full =>
               accept Get (X : out Integer) do
                  X := Value;
               end Get;
               Full := False;
         or
            accept Count (N : out Natural) do
               N := Taken;
            end Count;
         or
            terminate;
         end select;
      end loop;
   end Cell;

   task Mailbox is new Buffer with
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Mailbox;

   task body Mailbox is
      Sum : Integer := 0;
      Items : Natural := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Sum := Sum + X;
            end Put;
            Items := Items + 1;
         or
            when Items > 0 =>
               accept Get (X : out Integer) do
                  X := Sum;
               end Get;
               Sum := 0;
               Items := 0;
         or
            terminate;
         end select;
      end loop;
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
   All_Buffers : constant array (1 .. 2) of Buffer_Ref := (A'Access, K'Access);
   Counters : constant array (1 .. 2) of access Counted'Class :=
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
