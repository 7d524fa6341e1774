--  Calling server that logs with Ada.Text_IO.Put_Line between its entry
--  calls: Dealer prints a line before each hand-out in its loop.  Turned
--  into a protected object, that I/O would run inside a protected action
--  (potentially blocking, RM 9.5.1(18)), so the tool must refuse it.
--  Only Dealer prints during the hand-out; main prints after every worker
--  has reported to Tally.

with Ada.Text_IO;

procedure Main is

   Size : constant := 4;
   type Value_Array is array (1 .. Size) of Integer;

   protected Tally is
      procedure Put (Id : Integer; Value : Integer);
      entry Wait_All (Values : out Value_Array);
   private
      Store : Value_Array := (others => 0);
      Count : Natural := 0;
   end Tally;

   protected body Tally is
      procedure Put (Id : Integer; Value : Integer) is
      begin
         Store (Id) := Value;
         Count := Count + 1;
      end Put;
      entry Wait_All (Values : out Value_Array) when Count = Size is
      begin
         Values := Store;
      end Wait_All;
   end Tally;

   task type Worker is
      entry Start (Id : Integer; Job : Integer);
   end Worker;

   task body Worker is
      My_Id, My_Job : Integer;
   begin
      accept Start (Id : Integer; Job : Integer) do
         My_Id := Id;
         My_Job := Job;
      end Start;
      Tally.Put (My_Id, My_Job * My_Job + My_Id);
   end Worker;

   Crew : array (1 .. Size) of Worker;

   task Dealer;

   task body Dealer is
      Job : Integer := 5;
   begin
      for I in Crew'Range loop
         Ada.Text_IO.Put_Line ("dealer: job" & Integer'Image (Job) &
                               " to worker" & Integer'Image (I));
         Crew (I).Start (I, Job);
         Job := Job + I * 2;
      end loop;
   end Dealer;

   Values : Value_Array;
   Total  : Integer := 0;

begin
   Tally.Wait_All (Values);
   for I in Values'Range loop
      Ada.Text_IO.Put_Line ("worker" & Integer'Image (I) & " result" &
                            Integer'Image (Values (I)));
      Total := Total + Values (I);
   end loop;
   Ada.Text_IO.Put_Line ("total" & Integer'Image (Total));
   if Values = (26, 51, 124, 293) and Total = 494 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
