--  Calling servers with exception handlers.  Each server hands numbers to
--  a crew of workers, then computes something that raises
--  Constraint_Error.  Averager's handler catches it and counts it;
--  Checker's handler catches only Program_Error, so Checker ends silently;
--  Auditor's handler counts the exception and raises it again, which ends
--  Auditor silently too.  Nobody else sees these exceptions: main prints
--  what the workers received and what the handlers counted.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   --  Averager and Auditor count at the same time: the count is a protected
   --  object, where an atomic variable's "Handled := Handled + 1" could lose one
   protected type Counter is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Counter;

   Sums, Handled : Counter;

   protected body Counter is
      procedure Add (X : Integer) is
      begin
         S := S + X;
      end Add;
      function Get return Integer is (S);
   end Counter;

   procedure Run is

      task type Worker is
         entry Start (V : Integer);
      end Worker;

      task type Helper is
         entry Start (V : Integer);
      end Helper;

      task type Clerk is
         entry Start (V : Integer);
      end Clerk;

      Crew_A : array (1 .. 3) of Worker;
      Crew_B : array (1 .. 2) of Helper;
      Crew_C : array (1 .. 2) of Clerk;

      task Averager;
      task Checker;
      task Auditor;

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

      task body Clerk is
         Mine : Integer;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Sums.Add (Mine);
      end Clerk;

      task body Averager is
         Total   : Integer := 0;
         Skipped : Integer := 0;
         Mean    : Integer := 0;
      begin
         for I in Crew_A'Range loop
            Crew_A (I).Start (I * 10);
            Total := Total + I * 10;
         end loop;
         Mean := Total / Skipped;          --  no job was skipped: raises
         Handled.Add (Mean);
      exception
         when Constraint_Error =>
            --  counted where Averager ran it
            Handled.Add (1);
      end Averager;

      task body Checker is
         Limit : Positive := 1;
      begin
         Crew_B (1).Start (100);
         Crew_B (2).Start (200);
         Limit := Limit - 1;               --  Constraint_Error: not handled
         Handled.Add (1_000);
      exception
         when Program_Error =>
            Handled.Add (10);
      end Checker;

      task body Auditor is
         Steps : Natural := 0;
      begin
         Crew_C (1).Start (1_000);
         Steps := Steps + 1;
         Crew_C (2).Start (2_000);
         Steps := Steps - 2;               --  Constraint_Error
      exception
         when others =>
            Handled.Add (100);
            raise;                         --  ends Auditor silently
      end Auditor;

   begin
      null;
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   Put_Line ("handled" & Integer'Image (Handled.Get));
   if Sums.Get = 3_360 and Handled.Get = 101 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
