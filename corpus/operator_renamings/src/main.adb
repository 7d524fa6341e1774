--  Operators renamed before use.  Meter's accept bodies call a renaming of
--  Ada.Calendar."+" and of the predefined "-" of an integer type: those are
--  the language's operators, which cannot block, and Meter translates.  Tally
--  calls a renaming of an operator of the program that logs through a
--  protected entry: that call may block, and the accepting-server scheme
--  refuses Tally (the caller-runs scheme runs it in the caller).
with Ada.Calendar;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Money is
      type Cents is range 0 .. 1_000_000;
      function "*" (L : Cents; R : Integer) return Cents;
      function Logged return Natural;
   end Money;

   protected Log is
      entry Put;
      function Count return Natural;
   private
      N : Natural := 0;
   end Log;

   protected body Log is
      entry Put when True is
      begin
         N := N + 1;
      end Put;
      function Count return Natural is (N);
   end Log;

   package body Money is
      function "*" (L : Cents; R : Integer) return Cents is
      begin
         Log.Put;
         return Cents (Integer (L) * R);
      end "*";
      function Logged return Natural is (Log.Count);
   end Money;

   function "+" (Left : Ada.Calendar.Time; Right : Duration) return Ada.Calendar.Time
     renames Ada.Calendar."+";
   function "-" (L, R : Money.Cents) return Money.Cents renames Money."-";
   function "*" (L : Money.Cents; R : Integer) return Money.Cents renames Money."*";

   task Meter is
      entry Spend (X : Money.Cents);
      entry Get (Left : out Money.Cents; Year : out Integer);
   end Meter;

   task body Meter is
      Budget : Money.Cents := 100;
      Stamp : Ada.Calendar.Time := Ada.Calendar.Time_Of (2000, 12, 31);
   begin
      loop
         select
            accept Spend (X : Money.Cents) do
               Budget := Budget - X;
               Stamp := Stamp + 86_400.0;
            end Spend;
         or
            accept Get (Left : out Money.Cents; Year : out Integer) do
               Left := Budget;
               Year := Ada.Calendar.Year (Stamp);
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Meter;

   task Tally is
      entry Double (X : in out Money.Cents);
   end Tally;

   task body Tally is
   begin
      loop
         select
            accept Double (X : in out Money.Cents) do
               X := X * 2;
            end Double;
         or
            terminate;
         end select;
      end loop;
   end Tally;

   Left : Money.Cents;
   Year : Integer;
begin
   Meter.Spend (30);
   Meter.Get (Left, Year);
   Put_Line ("left" & Left'Image & ", year" & Year'Image);
   Tally.Double (Left);
   Put_Line ("doubled" & Left'Image & ", logged" & Money.Logged'Image);
   Put_Line ("PASSED");
end Main;
