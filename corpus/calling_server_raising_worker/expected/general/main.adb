--  A worker's accept body raises: Dealer hands each worker of Crew the
--  size of a job, and a worker keeps it in a Positive variable.  The last
--  job is empty (0): storing it raises Constraint_Error in that worker's
--  accept body, which reaches the worker and Dealer at its call (RM
--  9.5.2(24)).  Dealer's handler counts it; the statement after the call
--  never runs.  As a protected object, Dealer must wait for the accept body
--  before going on, as it did in the rendezvous.  Dealer counts in Dealt,
--  the workers in the protected Kept: neither reads what the other writes
--  beside it, and no update is lost.

with Ada.Exceptions;
with Ada.Finalization;
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

      type Worker;
      type Worker_Entry is (Worker_No_Entry, Worker_Start);
      task type Worker_Agent (Self : not null access Worker) is
         --  rdv2po: general scheme agent of Worker
      end Worker_Agent;
      --  rdv2po: task type Worker became this protected type; its code runs in
      --  Worker_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Worker is
         entry Start (Size : Integer);
         --  rdv2po: the rendezvous protocol, for Worker_Agent
         entry Start_Accept_Begin (Size : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (Size : in Integer);
         procedure Close;
      private
         Chosen : Worker_Entry := Worker_No_Entry;
         Closed : Boolean := False;
         Start_Size : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Worker_Agent (Self => Worker'Unchecked_Access);
      end Worker;

      Crew : array (1 .. 4) of Worker;

      task Dealer;

      protected body Worker is

         entry Start (Size : Integer)
           when Closed
             or else (Chosen = Worker_No_Entry
                      and then Start_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Worker_Start;
            Start_Size := Size;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Start_Accept_Begin (Size : out Integer)
           when Chosen = Worker_Start is
         begin
            Size := Start_Size;
            Chosen := Worker_No_Entry;
         end Start_Accept_Begin;

         procedure Start_Accept_End is
         begin
            Start_Done := True;
         end Start_Accept_End;

         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
            Start_Raised := True;
            Start_Done := True;
         end Start_Failed;

         entry Start_Queue (Size : in Integer)
           when Start_Done or else Closed is
         begin
            if not Start_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Start_Done := False;
            if Start_Raised then
               Start_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Start_Failure);
            end if;
         end Start_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Worker;

      task body Worker_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Worker_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Worker_Closer);
         overriding procedure Finalize (Object : in out Worker_Closer) is
         begin
            Self.Close;
         end Finalize;
         Closer : Worker_Closer;
         Mine : Positive;
      begin
         declare
            Size : Integer;
         begin
            Self.Start_Accept_Begin (Size);
            begin
               Mine := Size;
            exception
               when Occurrence : others =>
                  Self.Start_Failed (Occurrence);
                  raise;
            end;
            Self.Start_Accept_End;
         end;
         Kept.Add (Mine);
      exception
         when Constraint_Error =>
            Refused := Refused + 1;
      end Worker_Agent;

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
