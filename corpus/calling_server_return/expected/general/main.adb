--  A calling server whose accept bodies return early: Boss accepts a base
--  (a negative one is taken as -2, and the accept body returns at once),
--  hands Base + I to each worker, then reports the total through Finish
--  (returning early when nothing was handed out).  A return ends the
--  rendezvous only: Boss goes on with its next statements, as the object's
--  entry does past the accept body's code.
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

   procedure Run (Base : Integer) is

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

      Pool : array (1 .. 3) of Worker;

      type Boss_Entry is (Boss_No_Entry, Boss_Start, Boss_Finish);
      --  rdv2po: task Boss became this protected object; its code runs in the
      --  task Boss_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Boss is
         entry Start (Base : Integer);
         entry Finish (Total : out Integer);
         --  rdv2po: the rendezvous protocol, for Boss_Agent
         entry Start_Accept_Begin (Base : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (Base : in Integer);
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
               if Base < 0 then
                  First := -2;
                  goto Start_Finished;
               end if;
               First := Base;
            exception
               when Occurrence : others =>
                  Boss.Start_Failed (Occurrence);
                  raise;
            end;
            <<Start_Finished>>
            Boss.Start_Accept_End;
         end;
         for I in Pool'Range loop
            Pool (I).Start (First + I);
            Sum := Sum + First + I;
         end loop;
         declare
            Total : Integer;
         begin
            Boss.Finish_Accept_Begin (Total);
            begin
               Total := -1;
               if Sum = 0 then
                  goto Finish_Finished;
               end if;
               Total := Sum;
            exception
               when Occurrence : others =>
                  Boss.Finish_Failed (Occurrence);
                  raise;
            end;
            <<Finish_Finished>>
            Boss.Finish_Accept_End (Total);
         end;
      end Boss_Agent;

      Total : Integer;
   begin
      Boss.Start (Base);
      Boss.Finish (Total);
      Put_Line ("base" & Base'Image & ": boss total" & Total'Image);
   end Run;

begin
   Run (10);
   Run (-5);
   Put_Line ("received" & Sums.Get'Image);
   Put_Line ("PASSED");
end Main;
