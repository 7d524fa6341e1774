--  A calling server reads, after a computation between its two calls of
--  Worker, a flag Worker sets once its first rendezvous is over (outside
--  the accept body).  The task ran that code beside Worker, and after the
--  computation saw the flag set; the protected object would run it inside
--  Worker's call, before Worker can set it.  Refused, naming the read and
--  the write.  (What Server saw is a race in the original: not printed.)
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Flag : Boolean := False with Atomic;
   Seen : Boolean := False with Atomic;
begin
   declare
      type Worker_Entry is (Worker_No_Entry, Worker_Start, Worker_Next);
      --  rdv2po: task Worker became this protected object; its code runs in
      --  the task Worker_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Worker is
         entry Start (N : Integer);
         entry Next (N : Integer);
         --  rdv2po: the rendezvous protocol, for Worker_Agent
         entry Start_Accept_Begin (N : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (N : in Integer);
         entry Next_Accept_Begin (N : out Integer);
         procedure Next_Accept_End;
         procedure Next_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Next_Queue (N : in Integer);
         procedure Close;
      private
         Chosen : Worker_Entry := Worker_No_Entry;
         Closed : Boolean := False;
         Start_N : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
         Next_N : Integer;
         Next_Done : Boolean := False;
         Next_Raised : Boolean := False;
         Next_Failure : Ada.Exceptions.Exception_Occurrence;
      end Worker;
      task Worker_Agent is
         --  rdv2po: general scheme agent of Worker
      end Worker_Agent;

      task Server;

      protected body Worker is

         entry Start (N : Integer)
           when Closed
             or else (Chosen = Worker_No_Entry
                      and then Start_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Worker_Start;
            Start_N := N;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Next (N : Integer)
           when Closed
             or else (Chosen = Worker_No_Entry
                      and then Next_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Worker_Next;
            Next_N := N;
            Next_Done := False;
            requeue Next_Queue;
         end Next;

         entry Start_Accept_Begin (N : out Integer)
           when Chosen = Worker_Start is
         begin
            N := Start_N;
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

         entry Start_Queue (N : in Integer)
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

         entry Next_Accept_Begin (N : out Integer)
           when Chosen = Worker_Next is
         begin
            N := Next_N;
            Chosen := Worker_No_Entry;
         end Next_Accept_Begin;

         procedure Next_Accept_End is
         begin
            Next_Done := True;
         end Next_Accept_End;

         procedure Next_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Next_Failure, Occurrence);
            Next_Raised := True;
            Next_Done := True;
         end Next_Failed;

         entry Next_Queue (N : in Integer)
           when Next_Done or else Closed is
         begin
            if not Next_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Next_Done := False;
            if Next_Raised then
               Next_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Next_Failure);
            end if;
         end Next_Queue;

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
            Worker.Close;
         end Finalize;
         Closer : Worker_Closer;
         Got : Integer := 0;
      begin
         declare
            N : Integer;
         begin
            Worker.Start_Accept_Begin (N);
            begin
               Got := N;
            exception
               when Occurrence : others =>
                  Worker.Start_Failed (Occurrence);
                  raise;
            end;
            Worker.Start_Accept_End;
         end;
         Flag := True;            --  after the rendezvous
         declare
            N : Integer;
         begin
            Worker.Next_Accept_Begin (N);
            begin
               Got := N;
            exception
               when Occurrence : others =>
                  Worker.Next_Failed (Occurrence);
                  raise;
            end;
            Worker.Next_Accept_End;
         end;
      end Worker_Agent;

      task body Server is
         Sum : Long_Integer := 0;
      begin
         Worker.Start (1);
         for I in 1 .. 1_000 loop    --  a computation: Worker goes on meanwhile
            Sum := Sum + Long_Integer (I mod 7);
         end loop;
         Seen := Flag;
         Worker.Next (Integer (Sum mod 2));
      end Server;
   begin
      null;
   end;
   Put_Line ("flag: " & Boolean'Image (Flag));
   Put_Line ("PASSED");
end Main;
