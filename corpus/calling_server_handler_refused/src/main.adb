--  Calling servers whose exception handlers cannot run in a protected
--  object: Reporter's handler writes to standard output (potentially
--  blocking), Fallback's handler hands a job to a spare worker (an entry
--  call: the object cannot stop inside the handler to wait for it).  Both
--  stay tasks.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   protected Sums is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Sums;

   protected body Sums is
      procedure Add (X : Integer) is
      begin
         S := S + X;
      end Add;
      function Get return Integer is (S);
   end Sums;

   procedure Run is

      task type Worker is
         entry Start (V : Integer);
      end Worker;

      task type Helper is
         entry Start (V : Integer);
      end Helper;

      Crew_A : array (1 .. 3) of Worker;
      Crew_B : array (1 .. 2) of Helper;
      Spare  : Helper;

      task Reporter;
      task Fallback;

      task body Worker is
         Mine : Integer;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Sums.Add (Mine);
      end Worker;

      task body Helper is
         Mine : Integer;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Sums.Add (Mine);
      end Helper;

      task body Reporter is
         Total   : Integer := 0;
         Skipped : Integer := 0;
      begin
         for I in Crew_A'Range loop
            Crew_A (I).Start (I);
            Total := Total + I;
         end loop;
         Total := Total / Skipped;
      exception
         when Constraint_Error =>
            Put_Line ("Reporter: no job skipped");
      end Reporter;

      task body Fallback is
         Limit : Positive := 1;
      begin
         Crew_B (1).Start (10);
         Crew_B (2).Start (20);
         Limit := Limit - 1;
      exception
         when Constraint_Error =>
            Spare.Start (100);
      end Fallback;

   begin
      null;
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   if Sums.Get = 136 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
