--  A worker's accept body raises: Dealer hands each worker of Crew the
--  size of a job, and a worker keeps it in a Positive variable.  The last
--  job is empty (0): storing it raises Constraint_Error in that worker's
--  accept body, which reaches the worker and Dealer at its call (RM
--  9.5.2(24)).  Dealer's handler counts it; the statement after the call
--  never runs.  As a protected object, Dealer must wait for the accept body
--  before going on, as it did in the rendezvous.  Dealer counts in Dealt,
--  the workers in the protected Kept: neither reads what the other writes
--  beside it, and no update is lost.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Handed  : Integer := 0;

   Dealt   : Integer := 0;
   pragma Atomic (Dealt);

   protected Kept is
      procedure Add (N : Integer);
      function Value return Integer;
   private
      Sum : Integer := 0;
   end Kept;

   protected body Kept is
      procedure Add (N : Integer) is
      begin
         Sum := Sum + N;
      end Add;

      function Value return Integer is
      begin
         return Sum;
      end Value;
   end Kept;

   Failed  : Integer := 0;
   pragma Atomic (Failed);
   Refused : Integer := 0;
   pragma Atomic (Refused);

   procedure Run is

      task type Worker is
         entry Start (Size : Integer);
      end Worker;

      Crew : array (1 .. 4) of Worker;

      task Dealer;

      task body Worker is
         Mine : Positive;
      begin
         accept Start (Size : Integer) do
            Mine := Size;
         end Start;
         Kept.Add (Mine);
      exception
         when Constraint_Error =>
            Refused := Refused + 1;
      end Worker;

      task body Dealer is
      begin
         for I in Crew'Range loop
            Crew (I).Start (Crew'Last - I);
            Dealt := Dealt + 100;
         end loop;
      exception
         when Constraint_Error =>
            Failed := Failed + 1;
      end Dealer;

   begin
      null;
   end Run;

begin
   Run;
   Handed := Dealt + Kept.Value;
   Put_Line ("handed" & Integer'Image (Handed));
   Put_Line ("worker refused" & Integer'Image (Refused));
   Put_Line ("dealer failed" & Integer'Image (Failed));
   if Handed = 306 and Refused = 1 and Failed = 1 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
