--  Master/worker after the paper's Gauss-Seidel set-up: a Setup task hands
--  each worker its slice (a calling server), the workers deliver partial
--  results to a Results task (an accepting server).
with Ada.Exceptions;
package Work is
   Workers : constant := 4;
   subtype Worker_Id is Positive range 1 .. Workers;

   task Setup;

   type Worker_Rendezvous;
   type Worker_Entry is (Worker_No_Entry, Worker_Start);
   task type Worker_Agent (Self : not null access Worker_Rendezvous) is
      --  rdv2po: general scheme agent of Worker_Rendezvous
   end Worker_Agent;
   --  rdv2po: the rendezvous of task type Worker, whose code runs in
   --  Worker_Agent, a component of it; clients call Worker, below (general
   --  scheme: each rendezvous goes through the object)
   protected type Worker_Rendezvous is
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
      Agent : Worker_Agent (Self => Worker_Rendezvous'Unchecked_Access);
   end Worker_Rendezvous;
   --  rdv2po: task type Worker became this protected type; each call goes on
   --  to its Worker_Rendezvous (general scheme)
   protected type Worker is
      entry Start (Id : Worker_Id; First, Last : Positive);
   private
      Rendezvous : Worker_Rendezvous;
      --  the barrier of every entry: GNAT 12 crashes on 'when True' in a
      --  protected type holding a task (gnat_to_gnu_entity)
      Passing : Boolean := True;
   end Worker;

   Pool : array (Worker_Id) of Worker;

   type Sums is array (Worker_Id) of Long_Integer;

   --  rdv2po: task Results became this protected object; its calls go on to
   --  Results_Rendezvous and its code runs in the task Results_Agent, both in
   --  the package body (general scheme)
   protected Results is
      entry Deliver (Id : Worker_Id; Sum : Long_Integer);
      entry Collect (All_Sums : out Sums);
   end Results;
end Work;
