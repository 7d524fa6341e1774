--  Objects of a task type named as tasks: 'Terminated and 'Callable through
--  an array element, a plain object and an access value, and abort of one
--  array element.  Worker 2 would sleep for a minute; it is aborted.  The
--  waits poll 'Terminated, bounded so they never hang; what is printed does
--  not depend on timing.

with Ada.Task_Identification;
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Worker;
   type Worker_Entry is (Worker_No_Entry, Worker_Start);
   task type Worker_Agent (Self : not null access Worker) is
      --  rdv2po: general scheme agent of Worker
   end Worker_Agent;
   --  rdv2po: task type Worker became this protected type; its code runs in
   --  Worker_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Worker is
      entry Start (N : Integer);
      --  rdv2po: the rendezvous protocol, for Worker_Agent
      entry Start_Accept_Begin (N : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (N : in Integer);
      function Agent_Callable return Boolean;
      function Agent_Terminated return Boolean;
      function Agent_Identity return Ada.Task_Identification.Task_Id;
      procedure Close;
   private
      Chosen : Worker_Entry := Worker_No_Entry;
      Closed : Boolean := False;
      Start_N : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker'Unchecked_Access);
   end Worker;

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

      function Agent_Callable return Boolean is
      begin
         return not Closed and then Agent'Callable;
      end Agent_Callable;

      function Agent_Terminated return Boolean is
      begin
         return Agent'Terminated;
      end Agent_Terminated;

      function Agent_Identity return Ada.Task_Identification.Task_Id is
      begin
         return Agent'Identity;
      end Agent_Identity;

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
      Me : Integer;
   begin
      declare
         N : Integer;
      begin
         Self.Start_Accept_Begin (N);
         begin
            Me := N;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      if Me = 2 then
         delay 60.0;
      end if;
   end Worker_Agent;

   type Pool is array (1 .. 2) of Worker;
   type Worker_Ptr is access Worker;

   Crew  : Pool;
   Alone : Worker;
   Far   : constant Worker_Ptr := new Worker;
   Tries : Natural := 0;

begin
   Crew (1).Start (1);
   Crew (2).Start (2);
   Alone.Start (3);
   Far.Start (4);
   while not (Crew (1).Agent_Terminated and Alone.Agent_Terminated and Far.Agent_Terminated)
     and then Tries < 1000
   loop
      delay 0.005;
      Tries := Tries + 1;
   end loop;
   Put_Line ("workers 1, 3, 4 terminated: "
             & Boolean'Image (Crew (1).Agent_Terminated and Alone.Agent_Terminated
                              and Far.Agent_Terminated));
   Put_Line ("worker 2 callable: " & Boolean'Image (Crew (2).Agent_Callable));
   Ada.Task_Identification.Abort_Task (Crew (2).Agent_Identity);
   Crew (2).Close;
   Tries := 0;
   while not Crew (2).Agent_Terminated and then Tries < 1000 loop
      delay 0.005;
      Tries := Tries + 1;
   end loop;
   Put_Line ("worker 2 terminated after abort: "
             & Boolean'Image (Crew (2).Agent_Terminated));
   Put_Line ("worker 2 callable after abort: " & Boolean'Image (Crew (2).Agent_Callable));
   Put_Line ("PASSED");
end Main;
