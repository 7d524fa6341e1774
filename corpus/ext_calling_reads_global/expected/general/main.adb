with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   N : constant := 3;
   Shared : Integer := 0;
   pragma Atomic (Shared);
   Results : array (1 .. N) of Integer := (others => 0);
   pragma Atomic_Components (Results);
   Log : String (1 .. 64) := (others => ' ');
   Pos : Natural := 0;
   pragma Atomic (Pos);
   procedure Note (C : Character) is
   begin
      Pos := Pos + 1;
      Log (Pos) := C;
   end Note;
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
         entry Start (Index : Integer; Job : Integer);
         --  rdv2po: the rendezvous protocol, for Worker_Agent
         entry Start_Accept_Begin (Index : out Integer; Job : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (Index : in Integer; Job : in Integer);
         procedure Close;
      private
         Chosen : Worker_Entry := Worker_No_Entry;
         Closed : Boolean := False;
         Start_Index : Integer;
         Start_Job : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Worker_Agent (Self => Worker'Unchecked_Access);
      end Worker;
      Workers : array (1 .. N) of Worker;
      task Boss;
      protected body Worker is

         entry Start (Index : Integer; Job : Integer)
           when Closed
             or else (Chosen = Worker_No_Entry
                      and then Start_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Worker_Start;
            Start_Index := Index;
            Start_Job := Job;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Start_Accept_Begin (Index : out Integer; Job : out Integer)
           when Chosen = Worker_Start is
         begin
            Index := Start_Index;
            Job := Start_Job;
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

         entry Start_Queue (Index : in Integer; Job : in Integer)
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
         Me, J : Integer := 0;
      begin
         declare
            Index : Integer;
            Job : Integer;
         begin
            Self.Start_Accept_Begin (Index, Job);
            begin
               Me := Index;
               J := Job;
               J := J + Shared;
            exception
               when Occurrence : others =>
                  Self.Start_Failed (Occurrence);
                  raise;
            end;
            Self.Start_Accept_End;
         end;
         Results (Me) := J;
      end Worker_Agent;
      task body Boss is
         Index : Integer := 0;
         Stage : Integer := 5;
      begin

         for I in Workers'Range loop
            Shared := I * 10;
            Index := Index + 1;
            Workers (I).Start (Index, Stage * I);
            Note (Character'Val (Character'Pos ('0') + I));
            Stage := Stage + 1;
         end loop;
         Note ('E');
         Shared := 77;
      end Boss;
   begin
      null;
   end Run;
begin
   Run;
   for I in Results'Range loop
      Put_Line (Integer'Image (I) & Integer'Image (Results (I)));
   end loop;
   Put_Line (Log (1 .. Pos) & Integer'Image (Shared));
   Put_Line ("PASSED");
end Main;
