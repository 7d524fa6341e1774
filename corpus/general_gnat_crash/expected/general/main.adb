with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Sink;
   type Sink_Entry is (Sink_No_Entry, Sink_Feed);
   task type Sink_Agent (Self : not null access Sink) is
      --  rdv2po: general scheme agent of Sink
   end Sink_Agent;
   --  rdv2po: task type Sink became this protected type; its code runs in
   --  Sink_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Sink is
      entry Feed (X : Integer);
      --  rdv2po: the rendezvous protocol, for Sink_Agent
      entry Feed_Accept_Begin (X : out Integer);
      procedure Feed_Accept_End;
      procedure Feed_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Feed_Queue (X : in Integer);
      procedure Close;
   private
      Chosen : Sink_Entry := Sink_No_Entry;
      Closed : Boolean := False;
      Feed_X : Integer;
      Feed_Done : Boolean := False;
      Feed_Raised : Boolean := False;
      Feed_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Sink_Agent (Self => Sink'Unchecked_Access);
   end Sink;
   protected body Sink is

      entry Feed (X : Integer)
        when Closed
          or else (Chosen = Sink_No_Entry and then Feed_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Sink_Feed;
         Feed_X := X;
         Feed_Done := False;
         requeue Feed_Queue;
      end Feed;

      entry Feed_Accept_Begin (X : out Integer)
        when Chosen = Sink_Feed is
      begin
         X := Feed_X;
         Chosen := Sink_No_Entry;
      end Feed_Accept_Begin;

      procedure Feed_Accept_End is
      begin
         Feed_Done := True;
      end Feed_Accept_End;

      procedure Feed_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Feed_Failure, Occurrence);
         Feed_Raised := True;
         Feed_Done := True;
      end Feed_Failed;

      entry Feed_Queue (X : in Integer)
        when Feed_Done or else Closed is
      begin
         if not Feed_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Feed_Done := False;
         if Feed_Raised then
            Feed_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Feed_Failure);
         end if;
      end Feed_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Sink;

   task body Sink_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Sink_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Sink_Closer);
      overriding procedure Finalize (Object : in out Sink_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Sink_Closer;
   begin
      declare
         X : Integer;
      begin
         Self.Feed_Accept_Begin (X);
         begin
            Put_Line ("sink got" & Integer'Image (X));
         exception
            when Occurrence : others =>
               Self.Feed_Failed (Occurrence);
               raise;
         end;
         Self.Feed_Accept_End;
      end;
   end Sink_Agent;

   task type Stage (Next : access Sink) is
      entry Feed (X : Integer);
   end Stage;
   task body Stage is
      V : Integer;
   begin
      accept Feed (X : Integer) do
         V := X;
      end Feed;
      Next.Feed (V * 2);
   end Stage;

   task type Front (Next : access Stage);
   task body Front is
   begin
      Next.Feed (21);
   end Front;

begin
   declare
      S : aliased Sink;
      D : aliased Stage (S'Access);
      F : Front (D'Access);
   begin
      null;
   end;
   Put_Line ("PASSED");
end Main;
