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
      type Tally_Flags_Array is array (Slot) of Boolean;
      protected Tally is
         procedure Hit (S : Slot);
         procedure Report (Total : out Natural);
      private
         --  rdv2po: task Tally became this protected object. Ended: the
         --  task has ended (calls raise Tasking_Error).
         Ended : Boolean := False;
         Table : Counts;  --  component defaults of Counter
         Span  : Pair := (Low => 1, High => Capacity);
         Used  : Natural range 0 .. Capacity := 0;
         Name  : String (1 .. 5) := "tally";
         Flags : Tally_Flags_Array := (others => False);
      end Tally;

      protected body Tally is

         --  rdv2po: comments of the task body, kept:
         --  component defaults of Counter

         procedure Hit (S : Slot) is
         begin
            if Ended then
               raise Tasking_Error;  --  the task has ended
            end if;
            begin
               Table (S).Hits := Table (S).Hits + 1;
               Table (S).Last := S;
               if not Flags (S) then
                  Flags (S) := True;
                  Used := Used + 1;
               end if;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
         end Hit;

         procedure Report (Total : out Natural) is
         begin
            if Ended then
               raise Tasking_Error;  --  the task has ended
            end if;
            begin
               Total := Used * 100 + Table (Span.Low).Hits + Table (Span.High).Hits
                        + Name'Length;
            exception
               when others =>
                  Ended := True;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
         end Report;

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
