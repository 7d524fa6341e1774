--  Calling server with computed parameters: Server walks a task array in a
--  for loop, passing values derived from the loop variable and from its own
--  variables updated between calls.  Workers have only the entry Work, use
--  only what they receive, and report to Board by the Id they received.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Size : constant := 6;
   type Value_Array is array (1 .. Size) of Integer;

   protected Board is
      procedure Put (Id : Integer; Value : Integer);
      entry Wait_All (Values : out Value_Array);
   private
      Store : Value_Array := (others => 0);
      Count : Natural := 0;
   end Board;

   protected body Board is
      procedure Put (Id : Integer; Value : Integer) is
      begin
         Store (Id) := Value;
         Count := Count + 1;
      end Put;
      entry Wait_All (Values : out Value_Array) when Count = Size is
      begin
         Values := Store;
      end Wait_All;
   end Board;

   type Worker;
   type Worker_Entry is (Worker_No_Entry, Worker_Work);
   task type Worker_Agent (Self : not null access Worker) is
      --  rdv2po: general scheme agent of Worker
   end Worker_Agent;
   --  rdv2po: task type Worker became this protected type; its code runs in
   --  Worker_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Worker is
      entry Work (Id : Integer; Base : Integer; Limit : Integer);
      --  rdv2po: the rendezvous protocol, for Worker_Agent
      entry Work_Accept_Begin
        (Id : out Integer;
         Base : out Integer;
         Limit : out Integer);
      procedure Work_Accept_End;
      procedure Work_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Work_Queue
        (Id : in Integer;
         Base : in Integer;
         Limit : in Integer);
      procedure Close;
   private
      Chosen : Worker_Entry := Worker_No_Entry;
      Closed : Boolean := False;
      Work_Id : Integer;
      Work_Base : Integer;
      Work_Limit : Integer;
      Work_Done : Boolean := False;
      Work_Raised : Boolean := False;
      Work_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker'Unchecked_Access);
   end Worker;

   Pool : array (1 .. Size) of Worker;

   task Server;

   task body Server is
      Base : Integer := 0;
      Step : Integer := 1;
   begin
      for I in Pool'Range loop
         Base := Base + I * 3;
         Pool (I).Work (I, Base, Base + I);
         Step := Step * 2;
         Base := Base - Step / 4;
      end loop;
   end Server;

   protected body Worker is

      entry Work (Id : Integer; Base : Integer; Limit : Integer)
        when Closed
          or else (Chosen = Worker_No_Entry
                   and then Work_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Worker_Work;
         Work_Id := Id;
         Work_Base := Base;
         Work_Limit := Limit;
         Work_Done := False;
         requeue Work_Queue;
      end Work;

      entry Work_Accept_Begin
        (Id : out Integer;
         Base : out Integer;
         Limit : out Integer)
        when Chosen = Worker_Work is
      begin
         Id := Work_Id;
         Base := Work_Base;
         Limit := Work_Limit;
         Chosen := Worker_No_Entry;
      end Work_Accept_Begin;

      procedure Work_Accept_End is
      begin
         Work_Done := True;
      end Work_Accept_End;

      procedure Work_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Work_Failure, Occurrence);
         Work_Raised := True;
         Work_Done := True;
      end Work_Failed;

      entry Work_Queue (Id : in Integer; Base : in Integer; Limit : in Integer)
        when Work_Done or else Closed is
      begin
         if not Work_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Work_Done := False;
         if Work_Raised then
            Work_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Work_Failure);
         end if;
      end Work_Queue;

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
      My_Id, Lo, Hi : Integer;
      Sum           : Integer := 0;
   begin
      declare
         Id : Integer;
         Base : Integer;
         Limit : Integer;
      begin
         Self.Work_Accept_Begin (Id, Base, Limit);
         begin
            My_Id := Id;
            Lo := Base;
            Hi := Limit;
         exception
            when Occurrence : others =>
               Self.Work_Failed (Occurrence);
               raise;
         end;
         Self.Work_Accept_End;
      end;
      for K in Lo .. Hi loop
         Sum := Sum + K;
      end loop;
      Board.Put (My_Id, Sum);
   end Worker_Agent;

   Values                : Value_Array;
   Total, Expected, Base : Integer := 0;
   Step                  : Integer := 1;

begin
   Board.Wait_All (Values);
   for I in Values'Range loop
      Put_Line ("result" & Integer'Image (I) & " =" & Integer'Image (Values (I)));
      Total := Total + Values (I);
   end loop;
   for I in 1 .. Size loop
      Base := Base + I * 3;
      Expected := Expected + (2 * Base + I) * (I + 1) / 2;
      Step := Step * 2;
      Base := Base - Step / 4;
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Total = Expected then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
