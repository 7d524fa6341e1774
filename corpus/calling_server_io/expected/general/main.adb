--  Calling server that logs with Ada.Text_IO.Put_Line between its entry
--  calls: Dealer prints a line before each hand-out in its loop.  Turned
--  into a protected object, that I/O would run inside a protected action
--  (potentially blocking, RM 9.5.1(18)), so the tool must refuse it.
--  Only Dealer prints during the hand-out; main prints after every worker
--  has reported to Tally.

with Ada.Exceptions;
with Ada.Finalization;
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

   type Worker;
   type Worker_Entry is (Worker_No_Entry, Worker_Start);
   task type Worker_Agent (Self : not null access Worker) is
      --  rdv2po: general scheme agent of Worker
   end Worker_Agent;
   --  rdv2po: task type Worker became this protected type; its code runs in
   --  Worker_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Worker is
      entry Start (Id : Integer; Job : Integer);
      --  rdv2po: the rendezvous protocol, for Worker_Agent
      entry Start_Accept_Begin (Id : out Integer; Job : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Id : in Integer; Job : in Integer);
      procedure Close;
   private
      Chosen : Worker_Entry := Worker_No_Entry;
      Closed : Boolean := False;
      Start_Id : Integer;
      Start_Job : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker'Unchecked_Access);
   end Worker;

   protected body Worker is

      entry Start (Id : Integer; Job : Integer)
        when Closed
          or else (Chosen = Worker_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Worker_Start;
         Start_Id := Id;
         Start_Job := Job;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Start_Accept_Begin (Id : out Integer; Job : out Integer)
        when Chosen = Worker_Start is
      begin
         Id := Start_Id;
         Job := Start_Job;
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

      entry Start_Queue (Id : in Integer; Job : in Integer)
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
      My_Id, My_Job : Integer;
   begin
      declare
         Id : Integer;
         Job : Integer;
      begin
         Self.Start_Accept_Begin (Id, Job);
         begin
            My_Id := Id;
            My_Job := Job;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      Tally.Put (My_Id, My_Job * My_Job + My_Id);
   end Worker_Agent;

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
