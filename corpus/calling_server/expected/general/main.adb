--  Calling server (paper Figure 6, Gauss-Seidel client initialisation):
--  the Distributor hands every worker its slice of the index space with
--  one Start call each; main collects the partial sums.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   N             : constant := 8_000;
   Workers_Count : constant := 8;
   Chunk         : constant := N / Workers_Count;

   type Worker;
   type Worker_Entry is (Worker_No_Entry, Worker_Start, Worker_Result);
   task type Worker_Agent (Self : not null access Worker) is
      --  rdv2po: general scheme agent of Worker
   end Worker_Agent;
   --  rdv2po: task type Worker became this protected type; its code runs in
   --  Worker_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Worker is
      entry Start (Id : in Integer; Lo, Hi : in Integer);
      entry Result (Sum : out Long_Integer);
      --  rdv2po: the rendezvous protocol, for Worker_Agent
      entry Start_Accept_Begin
        (Id : out Integer;
         Lo : out Integer;
         Hi : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Id : in Integer; Lo : in Integer; Hi : in Integer);
      entry Result_Accept_Begin (Sum : out Long_Integer);
      procedure Result_Accept_End (Sum : in Long_Integer);
      procedure Result_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Result_Queue (Sum : out Long_Integer);
      procedure Close;
   private
      Chosen : Worker_Entry := Worker_No_Entry;
      Closed : Boolean := False;
      Start_Id : Integer;
      Start_Lo : Integer;
      Start_Hi : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Result_Sum : Long_Integer;
      Result_Done : Boolean := False;
      Result_Raised : Boolean := False;
      Result_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker'Unchecked_Access);
   end Worker;

   protected body Worker is

      entry Start (Id : in Integer; Lo, Hi : in Integer)
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
         Start_Lo := Lo;
         Start_Hi := Hi;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Result (Sum : out Long_Integer)
        when Closed
          or else (Chosen = Worker_No_Entry
                   and then Result_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Worker_Result;
         Result_Sum := Sum;
         Result_Done := False;
         requeue Result_Queue;
      end Result;

      entry Start_Accept_Begin
        (Id : out Integer;
         Lo : out Integer;
         Hi : out Integer)
        when Chosen = Worker_Start is
      begin
         Id := Start_Id;
         Lo := Start_Lo;
         Hi := Start_Hi;
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

      entry Start_Queue (Id : in Integer; Lo : in Integer; Hi : in Integer)
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

      entry Result_Accept_Begin (Sum : out Long_Integer)
        when Chosen = Worker_Result is
      begin
         Sum := Result_Sum;
         Chosen := Worker_No_Entry;
      end Result_Accept_Begin;

      procedure Result_Accept_End (Sum : in Long_Integer) is
      begin
         Result_Sum := Sum;
         Result_Done := True;
      end Result_Accept_End;

      procedure Result_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Result_Failure, Occurrence);
         Result_Raised := True;
         Result_Done := True;
      end Result_Failed;

      entry Result_Queue (Sum : out Long_Integer)
        when Result_Done or else Closed is
      begin
         if not Result_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Result_Done := False;
         if Result_Raised then
            Result_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Result_Failure);
         end if;
         Sum := Result_Sum;
      end Result_Queue;

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
      My_Id   : Integer;
      My_Lo   : Integer;
      My_Hi   : Integer;
      Partial : Long_Integer := 0;
   begin
      declare
         Id : Integer;
         Lo : Integer;
         Hi : Integer;
      begin
         Self.Start_Accept_Begin (Id, Lo, Hi);
         begin
            My_Id := Id;
            My_Lo := Lo;
            My_Hi := Hi;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      pragma Assert (My_Lo = (My_Id - 1) * Chunk + 1 and My_Hi = My_Id * Chunk);
      for K in My_Lo .. My_Hi loop
         Partial := Partial + Long_Integer (K) * Long_Integer (K);
      end loop;
      declare
         Sum : Long_Integer;
      begin
         Self.Result_Accept_Begin (Sum);
         begin
            Sum := Partial;
         exception
            when Occurrence : others =>
               Self.Result_Failed (Occurrence);
               raise;
         end;
         Self.Result_Accept_End (Sum);
      end;
   end Worker_Agent;

   Workers : array (1 .. Workers_Count) of Worker;

   task Distributor;

   task body Distributor is
      Lo, Hi : Integer;
   begin
      for I in Workers'Range loop
         Lo := (I - 1) * Chunk + 1;
         Hi := I * Chunk;
         Workers (I).Start (I, Lo, Hi);
      end loop;
   end Distributor;

   Total    : Long_Integer := 0;
   Part     : Long_Integer;
   Expected : constant Long_Integer :=
     Long_Integer (N) * Long_Integer (N + 1) * Long_Integer (2 * N + 1) / 6;

begin
   for I in Workers'Range loop
      Workers (I).Result (Part);
      Put_Line ("worker" & Integer'Image (I) & " sum" &
                Long_Integer'Image (Part));
      Total := Total + Part;
   end loop;
   Put_Line ("total" & Long_Integer'Image (Total));
   if Total = Expected then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
