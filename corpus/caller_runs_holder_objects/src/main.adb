--  An awaited task type (an accept Start before its loop, a loop whose
--  select has no terminate alternative) whose objects are components: of a
--  record type beside components whose default initialization cannot raise
--  (a Boolean defaulting to True, an Integer to 0, a string of fixed
--  length), of a record of such records, of a named array type and of an
--  array of records.
--  Each object is declared in a declarative part followed by nothing that
--  can raise; the callers reach the servers through the components, also as
--  in parameters.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Counter is
      entry Start (Tag : Character);
      entry Add (N : Integer);
      entry Show;
      entry Stop;
   end Counter;

   type Slot is record
      Busy : Boolean := True;
      Worker : Counter;
      Hits : Integer := 0;
      Name : String (1 .. 3);
   end record;

   type Shelf is record
      Top : Slot;
      Bottom : Slot;
   end record;

   type Pair is array (1 .. 2) of Counter;

   type Rack is array (1 .. 2) of Slot;

   task body Counter is
      Mine : Character := '?';
      Sum : Integer := 0;
   begin
      accept Start (Tag : Character) do
         Mine := Tag;
      end Start;
      loop
         select
            accept Add (N : Integer) do
               Sum := Sum + N;
            end Add;
         or
            accept Show do
               Put_Line (Mine & ":" & Integer'Image (Sum));
            end Show;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Counter;

   procedure Bump (S : Slot; By : Integer) is
   begin
      S.Worker.Add (By);
      S.Worker.Show;
   end Bump;

   procedure Finish (C : Counter) is
   begin
      C.Stop;
   end Finish;
begin
   declare
      S : Slot;
      H : Shelf;
      P : Pair;
      R : Rack;
      Count : Natural := 0;
   begin
      S.Worker.Start ('s');
      H.Top.Worker.Start ('t');
      H.Bottom.Worker.Start ('b');
      P (1).Start ('1');
      P (2).Start ('2');
      R (1).Worker.Start ('x');
      R (2).Worker.Start ('y');
      Put_Line ("busy " & Boolean'Image (S.Busy) & Integer'Image (S.Hits));
      Bump (S, 5);
      Bump (H.Top, 6);
      Bump (H.Bottom, 7);
      P (1).Add (8);
      P (1).Show;
      P (2).Add (9);
      P (2).Show;
      for I in R'Range loop
         Bump (R (I), 10 * I);
         Count := Count + 1;
      end loop;
      Finish (S.Worker);
      Finish (H.Top.Worker);
      Finish (H.Bottom.Worker);
      for I in P'Range loop
         Finish (P (I));
         Finish (R (I).Worker);
      end loop;
      Put_Line ("stopped after" & Natural'Image (Count) & " racks");
   end;
   Put_Line ("PASSED");
end Main;
