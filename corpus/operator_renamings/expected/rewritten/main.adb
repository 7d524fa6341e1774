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

   protected Meter is
      procedure Spend (X : Money.Cents);
      procedure Get (Left : out Money.Cents; Year : out Integer);
   private
      --  rdv2po: task Meter became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Budget : Money.Cents := 100;
      Stamp : Ada.Calendar.Time := Ada.Calendar.Time_Of (2000, 12, 31);
   end Meter;

   protected body Meter is

      procedure Spend (X : Money.Cents) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Budget := Budget - X;
            Stamp := Stamp + 86_400.0;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Spend;

      procedure Get (Left : out Money.Cents; Year : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Left := Budget;
            Year := Ada.Calendar.Year (Stamp);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Get;

   end Meter;

   package Tally is
      procedure Double (X : in out Money.Cents);
   end Tally;

   package body Tally is
      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Double;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Double when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Double;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Double (X : in out Money.Cents) is
      begin
         Turn.Double;
         begin
            X := X * 2;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Double;
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
