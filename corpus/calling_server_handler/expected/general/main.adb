--  Calling servers with exception handlers.  Each server hands numbers to
--  a crew of workers, then computes something that raises
--  Constraint_Error.  Averager's handler catches it and counts it;
--  Checker's handler catches only Program_Error, so Checker ends silently;
--  Auditor's handler counts the exception and raises it again, which ends
--  Auditor silently too.  Nobody else sees these exceptions: main prints
--  what the workers received and what the handlers counted.

with Ada.Exceptions;
with Ada.Finalization;
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

      type Worker;
      type Worker_Entry is (Worker_No_Entry, Worker_Start);
      task type Worker_Agent (Self : not null access Worker) is
         --  rdv2po: general scheme agent of Worker
      end Worker_Agent;
      --  rdv2po: task type Worker became this protected type; its code runs in
      --  Worker_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Worker is
         entry Start (V : Integer);
         --  rdv2po: the rendezvous protocol, for Worker_Agent
         entry Start_Accept_Begin (V : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (V : in Integer);
         procedure Close;
      private
         Chosen : Worker_Entry := Worker_No_Entry;
         Closed : Boolean := False;
         Start_V : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Worker_Agent (Self => Worker'Unchecked_Access);
      end Worker;

      type Helper;
      type Helper_Entry is (Helper_No_Entry, Helper_Start);
      task type Helper_Agent (Self : not null access Helper) is
         --  rdv2po: general scheme agent of Helper
      end Helper_Agent;
      --  rdv2po: task type Helper became this protected type; its code runs in
      --  Helper_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Helper is
         entry Start (V : Integer);
         --  rdv2po: the rendezvous protocol, for Helper_Agent
         entry Start_Accept_Begin (V : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (V : in Integer);
         procedure Close;
      private
         Chosen : Helper_Entry := Helper_No_Entry;
         Closed : Boolean := False;
         Start_V : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Helper_Agent (Self => Helper'Unchecked_Access);
      end Helper;

      type Clerk;
      type Clerk_Entry is (Clerk_No_Entry, Clerk_Start);
      task type Clerk_Agent (Self : not null access Clerk) is
         --  rdv2po: general scheme agent of Clerk
      end Clerk_Agent;
      --  rdv2po: task type Clerk became this protected type; its code runs in
      --  Clerk_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Clerk is
         entry Start (V : Integer);
         --  rdv2po: the rendezvous protocol, for Clerk_Agent
         entry Start_Accept_Begin (V : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (V : in Integer);
         procedure Close;
      private
         Chosen : Clerk_Entry := Clerk_No_Entry;
         Closed : Boolean := False;
         Start_V : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Clerk_Agent (Self => Clerk'Unchecked_Access);
      end Clerk;

      Crew_A : array (1 .. 3) of Worker;
      Crew_B : array (1 .. 2) of Helper;
      Crew_C : array (1 .. 2) of Clerk;

      task Averager;
      task Checker;
      task Auditor;

      protected body Worker is

         entry Start (V : Integer)
           when Closed
             or else (Chosen = Worker_No_Entry
                      and then Start_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Worker_Start;
            Start_V := V;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Start_Accept_Begin (V : out Integer)
           when Chosen = Worker_Start is
         begin
            V := Start_V;
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

         entry Start_Queue (V : in Integer)
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
         Mine : Integer;
      begin
         declare
            V : Integer;
         begin
            Self.Start_Accept_Begin (V);
            begin
               Mine := V;
            exception
               when Occurrence : others =>
                  Self.Start_Failed (Occurrence);
                  raise;
            end;
            Self.Start_Accept_End;
         end;
         Sums.Add (Mine);
      end Worker_Agent;

      protected body Helper is

         entry Start (V : Integer)
           when Closed
             or else (Chosen = Helper_No_Entry
                      and then Start_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Helper_Start;
            Start_V := V;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Start_Accept_Begin (V : out Integer)
           when Chosen = Helper_Start is
         begin
            V := Start_V;
            Chosen := Helper_No_Entry;
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

         entry Start_Queue (V : in Integer)
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
      end Helper;

      task body Helper_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Helper_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Helper_Closer);
         overriding procedure Finalize (Object : in out Helper_Closer) is
         begin
            Self.Close;
         end Finalize;
         Closer : Helper_Closer;
         Mine : Integer;
      begin
         declare
            V : Integer;
         begin
            Self.Start_Accept_Begin (V);
            begin
               Mine := V;
            exception
               when Occurrence : others =>
                  Self.Start_Failed (Occurrence);
                  raise;
            end;
            Self.Start_Accept_End;
         end;
         Sums.Add (Mine);
      end Helper_Agent;

      protected body Clerk is

         entry Start (V : Integer)
           when Closed
             or else (Chosen = Clerk_No_Entry
                      and then Start_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Clerk_Start;
            Start_V := V;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Start_Accept_Begin (V : out Integer)
           when Chosen = Clerk_Start is
         begin
            V := Start_V;
            Chosen := Clerk_No_Entry;
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

         entry Start_Queue (V : in Integer)
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
      end Clerk;

      task body Clerk_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Clerk_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Clerk_Closer);
         overriding procedure Finalize (Object : in out Clerk_Closer) is
         begin
            Self.Close;
         end Finalize;
         Closer : Clerk_Closer;
         Mine : Integer;
      begin
         declare
            V : Integer;
         begin
            Self.Start_Accept_Begin (V);
            begin
               Mine := V;
            exception
               when Occurrence : others =>
                  Self.Start_Failed (Occurrence);
                  raise;
            end;
            Self.Start_Accept_End;
         end;
         Sums.Add (Mine);
      end Clerk_Agent;

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
