with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Counter : Natural := 0;
   pragma Volatile (Counter);
   Sum : Natural := 0;

   function First return Natural;

   type Worker;
   type Worker_Entry is (Worker_No_Entry, Worker_Start);
   task type Worker_Agent (Self : not null access Worker) is
      --  rdv2po: general scheme agent of Worker
   end Worker_Agent;
   --  rdv2po: task type Worker became this protected type; its code runs in
   --  Worker_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Worker is
      entry Start (Id : Positive);
      --  rdv2po: the rendezvous protocol, for Worker_Agent
      entry Start_Accept_Begin (Id : out Positive);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Id : in Positive);
      procedure Close;
   private
      Chosen : Worker_Entry := Worker_No_Entry;
      Closed : Boolean := False;
      Start_Id : Positive;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker'Unchecked_Access);
   end Worker;

   Pool : array (1 .. 3) of Worker;

   protected Acc is
      procedure Add (X : Natural);
      function Total return Natural;
   end Acc;

   protected body Acc is
      procedure Add (X : Natural) is
      begin
         Sum := Sum + X;
      end Add;
      function Total return Natural is (Sum);
   end Acc;

   task Setup;

   protected body Worker is

      entry Start (Id : Positive)
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
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Start_Accept_Begin (Id : out Positive)
        when Chosen = Worker_Start is
      begin
         Id := Start_Id;
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

      entry Start_Queue (Id : in Positive)
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
      Me : Positive;
   begin
      declare
         Id : Positive;
      begin
         Self.Start_Accept_Begin (Id);
         begin
            Me := Id;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      Acc.Add (Me);
   end Worker_Agent;

   function First return Natural is
   begin
      Counter := Counter + 1;
      return 1;
   end First;

   task body Setup is
      Base : constant Natural := First;
   begin
      for I in Pool'Range loop
         Pool (I).Start (Base + I - 1);
      end loop;
   end Setup;
begin
   delay 0.1;
   Put_Line ("counter" & Natural'Image (Counter));
   delay 0.1;
   Put_Line ("total" & Natural'Image (Acc.Total));
   Put_Line ("PASSED");
end Main;
