--  A calling server with its own helpers: Dispatcher declares an empty
--  package (named nowhere: dropped), a procedure that uses only its
--  parameter and outer names, and a procedure that counts in one of its
--  variables.  Both procedures become private operations of the protected
--  object, called from the code that replaces the task's statements.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Offset : constant Integer := 3;

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

   function Square (V : Integer) return Integer is (V * V);

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

   Crew : array (1 .. 3) of Worker;

   task Dispatcher;

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

   task body Dispatcher is
      Next   : Integer := 1;
      Handed : Natural := 0;

      package Nothing is
      end Nothing;

      procedure Grow (X : in out Integer) is
      begin
         X := Square (X) + Offset;
      end Grow;

      procedure Count is
      begin
         Handed := Handed + 1;
      end Count;
   begin
      for I in Crew'Range loop
         Crew (I).Start (Next);
         Count;
         Grow (Next);
      end loop;
      Sums.Add (100 * Handed);
   end Dispatcher;
   begin
      null;
   end Run;

begin
   Run;
   Put_Line ("Sum:" & Integer'Image (Sums.Get));
   if Sums.Get = 324 then
      Put_Line ("PASSED");
   end if;
end Main;
