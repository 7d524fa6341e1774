--  Accepting servers whose variables' initial values and default
--  initialisations are shown not to raise: the protected object evaluates
--  them where it is declared, the task did when it was activated, and
--  neither raises, so nothing tells the two apart.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Capacity : constant := 4;
   Start    : constant Natural := 2;
   subtype Slot is Positive range 1 .. Capacity;
   type Cell;
   type Cell_Ref is access Cell;
   type Cell is record
      Value : Integer := 0;
      Next  : Cell_Ref;                 --  null: cannot raise
   end record;
   type Counter is record
      Hits  : Natural := Start * 2;     --  a static expression within Natural
      Last  : Slot := Capacity;         --  a named number within Slot
      Head  : Cell_Ref := null;
   end record;
   type Counts is array (Slot) of Counter;
   type Pair is record
      Low, High : Slot;
   end record;
begin
   declare
      task Tally is
         entry Hit (S : Slot);
         entry Report (Total : out Natural);
      end Tally;

      task body Tally is
         Table : Counts;                              --  component defaults of Counter
         Span  : Pair := (Low => 1, High => Capacity);
         Used  : Natural range 0 .. Capacity := 0;
         Name  : String (1 .. 5) := "tally";
         Flags : array (Slot) of Boolean := (others => False);
      begin
         loop
            select
               accept Hit (S : Slot) do
                  Table (S).Hits := Table (S).Hits + 1;
                  Table (S).Last := S;
                  if not Flags (S) then
                     Flags (S) := True;
                     Used := Used + 1;
                  end if;
               end Hit;
            or
               accept Report (Total : out Natural) do
                  Total := Used * 100 + Table (Span.Low).Hits + Table (Span.High).Hits
                           + Name'Length;
               end Report;
            or
               terminate;
            end select;
         end loop;
      end Tally;

      Total : Natural;
   begin
      Tally.Hit (1);
      Tally.Hit (4);
      Tally.Hit (1);
      Tally.Report (Total);
      Put_Line ("total" & Natural'Image (Total));
   end;
   Put_Line ("PASSED");
end Main;
