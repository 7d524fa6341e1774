--  Task types taken for calling servers that the scheme refuses.  Dealer
--  has two objects, each handing one job to each of its own two workers:
--  a worker could not name the object that called it.  Feeder has one
--  object, but main asks whether it has terminated: as a protected object
--  it has no such attribute.

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

   Feeder_Ended : Boolean := False;

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

      Pool  : array (1 .. 4) of Worker;
      Crew  : array (1 .. 2) of Helper;

      task type Dealer (First : Positive);
      D1 : Dealer (1);
      D2 : Dealer (3);

      task type Feeder;
      F : Feeder;

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

      task body Dealer is
      begin
         Pool (First).Start (First * 10);
         Pool (First + 1).Start ((First + 1) * 10);
      end Dealer;

      task body Feeder is
      begin
         for I in Crew'Range loop
            Crew (I).Start (I * 1_000);
         end loop;
      end Feeder;

   begin
      while not F'Terminated loop
         delay 0.001;
      end loop;
      Feeder_Ended := True;
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   if Sums.Get = 3_100 and Feeder_Ended then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
