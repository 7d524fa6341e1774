--  server scheme: a calling server Setup declared in a package spec whose
--  workers' bodies are in the package body is refused with "Worker's body
--  is in src/work.adb, where the protected object that replaces Setup
--  (src/work.ads:...) cannot be named" -- but the package body can name
--  everything declared in its spec.
with Ada.Exceptions;
package Work is
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
      entry Start (Id : Positive);
      --  rdv2po: the rendezvous protocol, for Worker_Agent
      entry Start_Accept_Begin (Id : out Positive);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Id : in Positive);
      procedure Close;
   private
      Chosen : Worker_Entry := Worker_No_Entry;
      Closed : Boolean := False;
      Start_Id : Positive;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker_Rendezvous'Unchecked_Access);
   end Worker_Rendezvous;
   --  rdv2po: task type Worker became this protected type; each call goes on
   --  to its Worker_Rendezvous (general scheme)
   protected type Worker is
      entry Start (Id : Positive);
   private
      Rendezvous : Worker_Rendezvous;
      --  the barrier of every entry: GNAT 12 crashes on 'when True' in a
      --  protected type holding a task (gnat_to_gnu_entity)
      Passing : Boolean := True;
   end Worker;
   Pool : array (1 .. 3) of Worker;
   protected Sum is
      procedure Add (X : Positive);
      function Value return Natural;
   private
      S : Natural := 0;
   end Sum;
end Work;
