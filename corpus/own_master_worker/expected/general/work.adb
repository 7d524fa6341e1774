with Ada.Finalization;
with Ada.Exceptions;
package body Work is

   Per_Worker : constant := 2_500;

   task body Setup is
   begin
      for I in Pool'Range loop
         Pool (I).Start (I, (I - 1) * Per_Worker + 1, I * Per_Worker);
      end loop;
   end Setup;

   protected body Worker_Rendezvous is

      entry Start (Id : Worker_Id; First, Last : Positive)
        when Closed
          or else (Chosen = Worker_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Worker_Start;
         Start_Id := Id;
         Start_First := First;
         Start_Last := Last;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Start_Accept_Begin
        (Id : out Worker_Id;
         First : out Positive;
         Last : out Positive)
        when Chosen = Worker_Start is
      begin
         Id := Start_Id;
         First := Start_First;
         Last := Start_Last;
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

      entry Start_Queue
        (Id : in Worker_Id;
         First : in Positive;
         Last : in Positive)
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
   end Worker_Rendezvous;

   protected body Worker is
      --  rdv2po: each call goes on to Rendezvous, as cancellable as it was
      entry Start (Id : Worker_Id; First, Last : Positive) when Passing is
      begin
         requeue Rendezvous.Start with abort;
      end Start;
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
      Me       : Worker_Id;
      Lo, Hi   : Positive;
      Sum      : Long_Integer := 0;
   begin
      declare
         Id : Worker_Id;
         First : Positive;
         Last : Positive;
      begin
         Self.Start_Accept_Begin (Id, First, Last);
         begin
            Me := Id;
            Lo := First;
            Hi := Last;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      for K in Lo .. Hi loop
         if K mod 3 = 0 or K mod 5 = 0 then
            Sum := Sum + Long_Integer (K);
         end if;
      end loop;
      Results.Deliver (Me, Sum);
   end Worker_Agent;

   type Results_Entry is (Results_No_Entry, Results_Deliver, Results_Collect);
   --  rdv2po: the rendezvous of task Results, for Results_Agent
   protected Results_Rendezvous is
      entry Deliver (Id : Worker_Id; Sum : Long_Integer);
      entry Collect (All_Sums : out Sums);
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
   end Results_Rendezvous;
   task Results_Agent is
      --  rdv2po: general scheme agent of Results_Rendezvous
   end Results_Agent;

   protected body Results is
      --  rdv2po: each call goes on to Results_Rendezvous, as cancellable as it
      --  was
      entry Deliver (Id : Worker_Id; Sum : Long_Integer) when True is
      begin
         requeue Results_Rendezvous.Deliver with abort;
      end Deliver;

      entry Collect (All_Sums : out Sums) when True is
      begin
         requeue Results_Rendezvous.Collect with abort;
      end Collect;
   end Results;

   protected body Results_Rendezvous is

      entry Deliver (Id : Worker_Id; Sum : Long_Integer)
        when Closed
          or else (Chosen = Results_No_Entry
                   and then Deliver_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Results_Deliver;
         Deliver_Id := Id;
         Deliver_Sum := Sum;
         Deliver_Done := False;
         requeue Deliver_Queue;
      end Deliver;

      entry Collect (All_Sums : out Sums)
        when Closed
          or else (Chosen = Results_No_Entry
                   and then Collect_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Results_Collect;
         Collect_All_Sums := All_Sums;
         Collect_Done := False;
         requeue Collect_Queue;
      end Collect;

      entry Deliver_Accept_Begin (Id : out Worker_Id; Sum : out Long_Integer)
        when Chosen = Results_Deliver is
      begin
         Id := Deliver_Id;
         Sum := Deliver_Sum;
         Chosen := Results_No_Entry;
      end Deliver_Accept_Begin;

      procedure Deliver_Accept_End is
      begin
         Deliver_Done := True;
      end Deliver_Accept_End;

      procedure Deliver_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Deliver_Failure, Occurrence);
         Deliver_Raised := True;
         Deliver_Done := True;
      end Deliver_Failed;

      entry Deliver_Queue (Id : in Worker_Id; Sum : in Long_Integer)
        when Deliver_Done or else Closed is
      begin
         if not Deliver_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Deliver_Done := False;
         if Deliver_Raised then
            Deliver_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Deliver_Failure);
         end if;
      end Deliver_Queue;

      entry Collect_Accept_Begin (All_Sums : out Sums)
        when Chosen = Results_Collect is
      begin
         All_Sums := Collect_All_Sums;
         Chosen := Results_No_Entry;
      end Collect_Accept_Begin;

      procedure Collect_Accept_End (All_Sums : in Sums) is
      begin
         Collect_All_Sums := All_Sums;
         Collect_Done := True;
      end Collect_Accept_End;

      procedure Collect_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         All_Sums : in Sums) is
      begin
         Collect_All_Sums := All_Sums;
         Ada.Exceptions.Save_Occurrence (Collect_Failure, Occurrence);
         Collect_Raised := True;
         Collect_Done := True;
      end Collect_Failed;

      entry Collect_Queue (All_Sums : out Sums)
        when Collect_Done or else Closed is
      begin
         if not Collect_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Collect_Done := False;
         if Collect_Raised then
            Collect_Raised := False;
            All_Sums := Collect_All_Sums;
            Ada.Exceptions.Reraise_Occurrence (Collect_Failure);
         end if;
         All_Sums := Collect_All_Sums;
      end Collect_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Results_Rendezvous;

   task body Results_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Results_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Results_Closer);
      overriding procedure Finalize (Object : in out Results_Closer) is
      begin
         Results_Rendezvous.Close;
      end Finalize;
      Closer : Results_Closer;
      Got      : Sums := (others => 0);
      Received : Natural := 0;
   begin
      while Received < Workers loop
         declare
            Id : Worker_Id;
            Sum : Long_Integer;
         begin
            Results_Rendezvous.Deliver_Accept_Begin (Id, Sum);
            begin
               Got (Id) := Sum;
            exception
               when Occurrence : others =>
                  Results_Rendezvous.Deliver_Failed (Occurrence);
                  raise;
            end;
            Results_Rendezvous.Deliver_Accept_End;
         end;
         Received := Received + 1;
      end loop;
      declare
         All_Sums : Sums;
      begin
         Results_Rendezvous.Collect_Accept_Begin (All_Sums);
         begin
            All_Sums := Got;
         exception
            when Occurrence : others =>
               Results_Rendezvous.Collect_Failed (Occurrence, All_Sums);
               raise;
         end;
         Results_Rendezvous.Collect_Accept_End (All_Sums);
      end;
   end Results_Agent;

end Work;
