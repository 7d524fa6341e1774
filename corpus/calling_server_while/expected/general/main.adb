--  Calling server with a while loop and a plain loop/exit when: Feeder
--  hands every worker of a task array one Start call, odd slots upwards in
--  a while loop, even slots downwards in a loop with exit when, numbering
--  the hand-outs as it goes.  Main then reads each worker back by index
--  with Report, so which message reached which worker is observable.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Size : constant := 8;

   type Worker;
   type Worker_Entry is (Worker_No_Entry, Worker_Start, Worker_Report);
   task type Worker_Agent (Self : not null access Worker) is
      --  rdv2po: general scheme agent of Worker
   end Worker_Agent;
   --  rdv2po: task type Worker became this protected type; its code runs in
   --  Worker_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Worker is
      entry Start (Seq : Integer; Value : Integer);
      entry Report (Result : out Integer);
      --  rdv2po: the rendezvous protocol, for Worker_Agent
      entry Start_Accept_Begin (Seq : out Integer; Value : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Seq : in Integer; Value : in Integer);
      entry Report_Accept_Begin (Result : out Integer);
      procedure Report_Accept_End (Result : in Integer);
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue (Result : out Integer);
      procedure Close;
   private
      Chosen : Worker_Entry := Worker_No_Entry;
      Closed : Boolean := False;
      Start_Seq : Integer;
      Start_Value : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Result : Integer;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker'Unchecked_Access);
   end Worker;

   protected body Worker is

      entry Start (Seq : Integer; Value : Integer)
        when Closed
          or else (Chosen = Worker_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Worker_Start;
         Start_Seq := Seq;
         Start_Value := Value;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Report (Result : out Integer)
        when Closed
          or else (Chosen = Worker_No_Entry
                   and then Report_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Worker_Report;
         Report_Result := Result;
         Report_Done := False;
         requeue Report_Queue;
      end Report;

      entry Start_Accept_Begin (Seq : out Integer; Value : out Integer)
        when Chosen = Worker_Start is
      begin
         Seq := Start_Seq;
         Value := Start_Value;
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

      entry Start_Queue (Seq : in Integer; Value : in Integer)
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

      entry Report_Accept_Begin (Result : out Integer)
        when Chosen = Worker_Report is
      begin
         Result := Report_Result;
         Chosen := Worker_No_Entry;
      end Report_Accept_Begin;

      procedure Report_Accept_End (Result : in Integer) is
      begin
         Report_Result := Result;
         Report_Done := True;
      end Report_Accept_End;

      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
         Report_Raised := True;
         Report_Done := True;
      end Report_Failed;

      entry Report_Queue (Result : out Integer)
        when Report_Done or else Closed is
      begin
         if not Report_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Report_Done := False;
         if Report_Raised then
            Report_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Report_Failure);
         end if;
         Result := Report_Result;
      end Report_Queue;

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
      My_Seq, My_Value : Integer;
   begin
      declare
         Seq : Integer;
         Value : Integer;
      begin
         Self.Start_Accept_Begin (Seq, Value);
         begin
            My_Seq := Seq;
            My_Value := Value;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      declare
         Result : Integer;
      begin
         Self.Report_Accept_Begin (Result);
         begin
            Result := My_Seq * 100 + My_Value * My_Value;
         exception
            when Occurrence : others =>
               Self.Report_Failed (Occurrence);
               raise;
         end;
         Self.Report_Accept_End (Result);
      end;
   end Worker_Agent;

   Pool : array (1 .. Size) of Worker;

   task Feeder;

   task body Feeder is
      I   : Integer := 1;
      Seq : Integer := 0;
   begin
      while I <= Size loop
         Seq := Seq + 1;
         Pool (I).Start (Seq, I + Seq);
         I := I + 2;
      end loop;
      I := Size;
      loop
         Seq := Seq + 1;
         Pool (I).Start (Seq, I - Seq);
         I := I - 2;
         exit when I < 1;
      end loop;
   end Feeder;

   Expected : constant array (1 .. Size) of Integer :=
     (104, 836, 225, 709, 364, 600, 521, 509);
   Result   : Integer;
   Total    : Integer := 0;
   Ok       : Boolean := True;

begin
   for I in Pool'Range loop
      Pool (I).Report (Result);
      Put_Line ("worker" & Integer'Image (I) & " result" & Integer'Image (Result));
      Total := Total + Result;
      Ok := Ok and Result = Expected (I);
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Ok and Total = 3868 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
