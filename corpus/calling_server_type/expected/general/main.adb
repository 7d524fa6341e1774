--  A task type taken for a calling server: Boss has a discriminant (the
--  base of the jobs it hands out) and one object, B.  Boss hands Base + I
--  to each worker of Pool and then accepts Finish, which reports the
--  total.  The type becomes a protected type with the same discriminant;
--  B stays declared as it was, and the workers call B.

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

      type Boss;
      type Boss_Entry is (Boss_No_Entry, Boss_Finish);
      task type Boss_Agent (Self : not null access Boss; Base : Integer) is
         --  rdv2po: general scheme agent of Boss
      end Boss_Agent;
      --  rdv2po: task type Boss became this protected type; its code runs in
      --  Boss_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Boss (Base : Integer) is
         entry Finish (Total : out Integer);
         --  rdv2po: the rendezvous protocol, for Boss_Agent
         entry Finish_Accept_Begin (Total : out Integer);
         procedure Finish_Accept_End (Total : in Integer);
         procedure Finish_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Finish_Queue (Total : out Integer);
         procedure Close;
      private
         Chosen : Boss_Entry := Boss_No_Entry;
         Closed : Boolean := False;
         Finish_Total : Integer;
         Finish_Done : Boolean := False;
         Finish_Raised : Boolean := False;
         Finish_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Boss_Agent (Self => Boss'Unchecked_Access, Base => Base);
      end Boss;

      B : Boss (100);

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
            Self.Close;
         end Finalize;
         Closer : Boss_Closer;
         Sum : Integer := 0;
      begin
         for I in Pool'Range loop
            Pool (I).Start (Base + I);
            Sum := Sum + Base + I;
         end loop;
         declare
            Total : Integer;
         begin
            Self.Finish_Accept_Begin (Total);
            begin
               Total := Sum;
            exception
               when Occurrence : others =>
                  Self.Finish_Failed (Occurrence);
                  raise;
            end;
            Self.Finish_Accept_End (Total);
         end;
      end Boss_Agent;

      T : Integer := 0;
   begin
      B.Finish (T);
      Put_Line ("boss total" & Integer'Image (T));
   end Run;

begin
   Run;
   Put_Line ("received" & Integer'Image (Sums.Get));
   if Sums.Get = 410 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
