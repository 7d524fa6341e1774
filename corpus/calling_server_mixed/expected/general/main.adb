--  A mixed task: Boss accepts its own entries and hands out work.  It waits
--  for Start (the base number), hands Base + I to each worker of Pool,
--  accepts Go without parameters, hands one more job to the single task
--  Spare, then reports through Finish (an out parameter).  Main calls
--  Finish a second time after Boss has ended: that call raises
--  Tasking_Error, as a call on a completed task does.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   protected Sums is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Sums;

   protected body Sums is
      procedure Add (X : Integer) is
      begin
         S := S + X;
      end Add;
      function Get return Integer is (S);
   end Sums;

   Late_Call_Failed : Boolean := False;

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

      Pool : array (1 .. 4) of Worker;

      type Spare_Entry is (Spare_No_Entry, Spare_Job);
      --  rdv2po: task Spare became this protected object; its code runs in the
      --  task Spare_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Spare is
         entry Job (V : Integer);
         --  rdv2po: the rendezvous protocol, for Spare_Agent
         entry Job_Accept_Begin (V : out Integer);
         procedure Job_Accept_End;
         procedure Job_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Job_Queue (V : in Integer);
         procedure Close;
      private
         Chosen : Spare_Entry := Spare_No_Entry;
         Closed : Boolean := False;
         Job_V : Integer;
         Job_Done : Boolean := False;
         Job_Raised : Boolean := False;
         Job_Failure : Ada.Exceptions.Exception_Occurrence;
      end Spare;
      task Spare_Agent is
         --  rdv2po: general scheme agent of Spare
      end Spare_Agent;

      type Boss_Entry is (Boss_No_Entry, Boss_Start, Boss_Go, Boss_Finish);
      --  rdv2po: task Boss became this protected object; its code runs in the
      --  task Boss_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Boss is
         entry Start (Base : Integer);
         entry Go;
         entry Finish (Total : out Integer);
         --  rdv2po: the rendezvous protocol, for Boss_Agent
         entry Start_Accept_Begin (Base : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (Base : in Integer);
         entry Go_Accept_Begin;
         entry Finish_Accept_Begin (Total : out Integer);
         procedure Finish_Accept_End (Total : in Integer);
         procedure Finish_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Finish_Queue (Total : out Integer);
         procedure Close;
      private
         Chosen : Boss_Entry := Boss_No_Entry;
         Closed : Boolean := False;
         Start_Base : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
         Finish_Total : Integer;
         Finish_Done : Boolean := False;
         Finish_Raised : Boolean := False;
         Finish_Failure : Ada.Exceptions.Exception_Occurrence;
      end Boss;
      task Boss_Agent is
         --  rdv2po: general scheme agent of Boss
      end Boss_Agent;

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

      protected body Spare is

         entry Job (V : Integer)
           when Closed
             or else (Chosen = Spare_No_Entry
                      and then Job_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Spare_Job;
            Job_V := V;
            Job_Done := False;
            requeue Job_Queue;
         end Job;

         entry Job_Accept_Begin (V : out Integer)
           when Chosen = Spare_Job is
         begin
            V := Job_V;
            Chosen := Spare_No_Entry;
         end Job_Accept_Begin;

         procedure Job_Accept_End is
         begin
            Job_Done := True;
         end Job_Accept_End;

         procedure Job_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Job_Failure, Occurrence);
            Job_Raised := True;
            Job_Done := True;
         end Job_Failed;

         entry Job_Queue (V : in Integer)
           when Job_Done or else Closed is
         begin
            if not Job_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Job_Done := False;
            if Job_Raised then
               Job_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Job_Failure);
            end if;
         end Job_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Spare;

      task body Spare_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Spare_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Spare_Closer);
         overriding procedure Finalize (Object : in out Spare_Closer) is
         begin
            Spare.Close;
         end Finalize;
         Closer : Spare_Closer;
         Mine : Integer;
      begin
         declare
            V : Integer;
         begin
            Spare.Job_Accept_Begin (V);
            begin
               Mine := V;
            exception
               when Occurrence : others =>
                  Spare.Job_Failed (Occurrence);
                  raise;
            end;
            Spare.Job_Accept_End;
         end;
         Sums.Add (Mine * 1_000);
      end Spare_Agent;

      protected body Boss is

         entry Start (Base : Integer)
           when Closed
             or else (Chosen = Boss_No_Entry
                      and then Start_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Boss_Start;
            Start_Base := Base;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Go
           when Closed
             or else (Chosen = Boss_No_Entry
                      and then Go_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Boss_Go;
         end Go;

         entry Finish (Total : out Integer)
           when Closed
             or else (Chosen = Boss_No_Entry
                      and then Finish_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Boss_Finish;
            Finish_Total := Total;
            Finish_Done := False;
            requeue Finish_Queue;
         end Finish;

         entry Start_Accept_Begin (Base : out Integer)
           when Chosen = Boss_Start is
         begin
            Base := Start_Base;
            Chosen := Boss_No_Entry;
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

         entry Start_Queue (Base : in Integer)
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

         entry Go_Accept_Begin
           when Chosen = Boss_Go is
         begin
            Chosen := Boss_No_Entry;
         end Go_Accept_Begin;

         entry Finish_Accept_Begin (Total : out Integer)
           when Chosen = Boss_Finish is
         begin
            Total := Finish_Total;
            Chosen := Boss_No_Entry;
         end Finish_Accept_Begin;

         procedure Finish_Accept_End (Total : in Integer) is
         begin
            Finish_Total := Total;
            Finish_Done := True;
         end Finish_Accept_End;

         procedure Finish_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Finish_Failure, Occurrence);
            Finish_Raised := True;
            Finish_Done := True;
         end Finish_Failed;

         entry Finish_Queue (Total : out Integer)
           when Finish_Done or else Closed is
         begin
            if not Finish_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Finish_Done := False;
            if Finish_Raised then
               Finish_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Finish_Failure);
            end if;
            Total := Finish_Total;
         end Finish_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Boss;

      task body Boss_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Boss_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Boss_Closer);
         overriding procedure Finalize (Object : in out Boss_Closer) is
         begin
            Boss.Close;
         end Finalize;
         Closer : Boss_Closer;
         First : Integer := 0;
         Sum   : Integer := 0;
      begin
         declare
            Base : Integer;
         begin
            Boss.Start_Accept_Begin (Base);
            begin
               First := Base;
            exception
               when Occurrence : others =>
                  Boss.Start_Failed (Occurrence);
                  raise;
            end;
            Boss.Start_Accept_End;
         end;
         for I in Pool'Range loop
            Pool (I).Start (First + I);
            Sum := Sum + First + I;
         end loop;
         Boss.Go_Accept_Begin;
         Spare.Job (Sum / 100);
         declare
            Total : Integer;
         begin
            Boss.Finish_Accept_Begin (Total);
            begin
               Total := Sum;
            exception
               when Occurrence : others =>
                  Boss.Finish_Failed (Occurrence);
                  raise;
            end;
            Boss.Finish_Accept_End (Total);
         end;
      end Boss_Agent;

      T : Integer := 0;
   begin
      Boss.Start (100);
      Boss.Go;
      Boss.Finish (T);
      Put_Line ("boss total" & Integer'Image (T));
      begin
         Boss.Finish (T);
         Put_Line ("late Finish accepted");
      exception
         when Tasking_Error =>
            Late_Call_Failed := True;
      end;
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   Put_Line ("late call raised Tasking_Error: " & Boolean'Image (Late_Call_Failed));
   if Sums.Get = 4_410 and Late_Call_Failed then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
