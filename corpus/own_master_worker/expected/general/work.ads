--  Master/worker after the paper's Gauss-Seidel set-up: a Setup task hands
--  each worker its slice (a calling server), the workers deliver partial
--  results to a Results task (an accepting server).
with Ada.Exceptions;
package Work is
   Workers : constant := 4;
   subtype Worker_Id is Positive range 1 .. Workers;

   task Setup;

   type Worker;
   type Worker_Entry is (Worker_No_Entry, Worker_Start);
   task type Worker_Agent (Self : not null access Worker) is
      --  rdv2po: general scheme agent of Worker
   end Worker_Agent;
   --  rdv2po: task type Worker became this protected type; its code runs in
   --  Worker_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Worker is
      entry Start (Id : Worker_Id; First, Last : Positive);
      --  rdv2po: the rendezvous protocol, for Worker_Agent
      entry Start_Accept_Begin
        (Id : out Worker_Id;
         First : out Positive;
         Last : out Positive);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue
        (Id : in Worker_Id;
         First : in Positive;
         Last : in Positive);
      procedure Close;
   private
      Chosen : Worker_Entry := Worker_No_Entry;
      Closed : Boolean := False;
      Start_Id : Worker_Id;
      Start_First : Positive;
      Start_Last : Positive;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker'Unchecked_Access);
   end Worker;

   Pool : array (Worker_Id) of Worker;

   type Sums is array (Worker_Id) of Long_Integer;

   type Results_Entry is (Results_No_Entry, Results_Deliver, Results_Collect);
   --  rdv2po: task Results became this protected object; its code runs in the
   --  task Results_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Results is
      entry Deliver (Id : Worker_Id; Sum : Long_Integer);
      entry Collect (All_Sums : out Sums);
      --  rdv2po: the rendezvous protocol, for Results_Agent
      entry Deliver_Accept_Begin (Id : out Worker_Id; Sum : out Long_Integer);
      procedure Deliver_Accept_End;
      procedure Deliver_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Deliver_Queue (Id : in Worker_Id; Sum : in Long_Integer);
      entry Collect_Accept_Begin (All_Sums : out Sums);
      procedure Collect_Accept_End (All_Sums : in Sums);
      procedure Collect_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         All_Sums : in Sums);
      entry Collect_Queue (All_Sums : out Sums);
      procedure Close;
   private
      Chosen : Results_Entry := Results_No_Entry;
      Closed : Boolean := False;
      Deliver_Id : Worker_Id;
      Deliver_Sum : Long_Integer;
      Deliver_Done : Boolean := False;
      Deliver_Raised : Boolean := False;
      Deliver_Failure : Ada.Exceptions.Exception_Occurrence;
      Collect_All_Sums : Sums;
      Collect_Done : Boolean := False;
      Collect_Raised : Boolean := False;
      Collect_Failure : Ada.Exceptions.Exception_Occurrence;
   end Results;
   task Results_Agent is
      --  rdv2po: general scheme agent of Results
   end Results_Agent;
end Work;
