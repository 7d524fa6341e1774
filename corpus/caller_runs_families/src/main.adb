--  Servers with entry families, taken by the caller-runs scheme: each
--  family becomes a procedure whose first formal is the member, and its
--  calls T.E (I) (A) become T.E (I, A).  Sequencer takes one member at a
--  time, in turn (accept Put (Next) (...), Next a variable of the task):
--  writers call their own member from their own tasks and are served in
--  the members' order.  Steps is a one-shot server taking Step (1) then
--  Step (2).  Checker's calls compute the index and the actuals with
--  functions that trace their order: the index is evaluated first, and an
--  index out of the family's range raises Constraint_Error before the
--  actuals are evaluated, as the entry call did.  A renaming of a member
--  becomes a procedure calling it, with the member's subtypes.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Slot is range 1 .. 3;
   type Color is (Red, Green, Blue);
   type Palette is array (Color range Red .. Green) of Boolean;

   procedure Sequencing is
      task Sequencer is
         entry Put (Slot) (Item : Integer);
      end Sequencer;

      task body Sequencer is
         Next : Slot := 1;
         Sum : Integer := 0;
      begin
         loop
            select
               accept Put (Next) (Item : Integer) do
                  Put_Line ("slot" & Slot'Image (Next) & " gives" & Integer'Image (Item));
                  Sum := Sum + Item;
               end Put;
               if Next = Slot'Last then
                  Put_Line ("round done, sum" & Integer'Image (Sum));
                  Next := Slot'First;
               else
                  Next := Next + 1;
               end if;
            or
               terminate;
            end select;
         end loop;
      end Sequencer;

      task type Writer (Mine : Slot);

      task body Writer is
      begin
         for Round in 1 .. 2 loop
            Sequencer.Put (Mine) (Integer (Mine) * 10 + Round);
         end loop;
      end Writer;

      W3 : Writer (3);
      W2 : Writer (2);
      W1 : Writer (1);
   begin
      null;
   end Sequencing;

   procedure Stepping is
      task Steps is
         entry Step (1 .. 2);
         entry Paint (Palette'Range) (Times : Natural);
      end Steps;

      task body Steps is
         Painted : Natural := 0;
      begin
         accept Step (1) do
            Put_Line ("step one");
         end Step;
         accept Paint (Green) (Times : Natural) do
            Painted := Times;
         end Paint;
         accept Step (2);
         Put_Line ("steps done, painted" & Natural'Image (Painted));
      end Steps;
   begin
      Steps.Step (1);
      Steps.Paint (Green) (4);
      Steps.Step (2);
   end Stepping;

   procedure Checking is
      task Checker is
         entry Check (Slot) (A, B : Integer);
      end Checker;

      task body Checker is
      begin
         loop
            select
               accept Check (2) (A, B : Integer) do
                  Put_Line ("checked" & Integer'Image (A) & Integer'Image (B));
               end Check;
            or
               terminate;
            end select;
         end loop;
      end Checker;

      --  the renamed member's subtypes apply (RM 8.5.4), not Natural: -1 passes
      procedure Check_Two (X : Natural; Y : Integer) renames Checker.Check (2);

      Trace : String (1 .. 6) := (others => ' ');
      Last : Natural := 0;

      function Traced (Mark : Character; Value : Integer) return Integer is
      begin
         Last := Last + 1;
         Trace (Last) := Mark;
         return Value;
      end Traced;
   begin
      Checker.Check (Slot (Traced ('i', 2))) (Traced ('a', 7), 8);
      begin
         Checker.Check (Slot (Traced ('j', 5))) (Traced ('b', 1), Traced ('c', 2));
      exception
         when Constraint_Error =>
            Put_Line ("out of the family's range");
      end;
      Check_Two (-1, Y => 3);
      Put_Line ("evaluated: " & Trace (1 .. Last));
   end Checking;
begin
   Sequencing;
   Stepping;
   Checking;
   Put_Line ("PASSED");
end Main;
