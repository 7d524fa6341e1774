--  A calling server that computes each worker's share with a loop between
--  its calls.  The loop reads only the task's own variables and a counter
--  steps towards a fixed bound: it ends alike in the task and in the
--  protected procedure that runs it inside a worker's call.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Got : array (1 .. 2) of Natural := (others => 0);

   procedure Run is
      type Worker;
      type Worker_Entry is (Worker_No_Entry, Worker_Start);
      task type Worker_Agent (Self : not null access Worker; Id : Positive) is
         --  rdv2po: general scheme agent of Worker
      end Worker_Agent;
      --  rdv2po: task type Worker became this protected type; its code runs in
      --  Worker_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Worker (Id : Positive) is
         entry Start (Share : Natural);
         --  rdv2po: the rendezvous protocol, for Worker_Agent
         entry Start_Accept_Begin (Share : out Natural);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (Share : in Natural);
         procedure Close;
      private
         Chosen : Worker_Entry := Worker_No_Entry;
         Closed : Boolean := False;
         Start_Share : Natural;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Worker_Agent (Self => Worker'Unchecked_Access, Id => Id);
      end Worker;

      First  : Worker (1);
      Second : Worker (2);

      task Dispatcher;

      protected body Worker is

         entry Start (Share : Natural)
           when Closed
             or else (Chosen = Worker_No_Entry
                      and then Start_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Worker_Start;
            Start_Share := Share;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Start_Accept_Begin (Share : out Natural)
           when Chosen = Worker_Start is
         begin
            Share := Start_Share;
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

         entry Start_Queue (Share : in Natural)
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
         Mine : Natural;
      begin
         declare
            Share : Natural;
         begin
            Self.Start_Accept_Begin (Share);
            begin
               Mine := Share;
            exception
               when Occurrence : others =>
                  Self.Start_Failed (Occurrence);
                  raise;
            end;
            Self.Start_Accept_End;
         end;
         Got (Id) := Mine;   --  each worker its own component
      end Worker_Agent;

      task body Dispatcher is
         Total : Natural := 0;
         I     : Natural := 0;
      begin
         while I < 10 loop
            I := I + 1;
            Total := Total + I;
         end loop;
         First.Start (Total);
         I := 0;
         while I < 4 loop
            I := I + 1;
            Total := Total - I;
         end loop;
         Second.Start (Total);
      end Dispatcher;
   begin
      null;
   end Run;
begin
   Run;  --  waits for the tasks
   for Id in Got'Range loop
      Put_Line ("worker" & Positive'Image (Id) & " got" & Natural'Image (Got (Id)));
   end loop;
   Put_Line ("PASSED");
end Main;
