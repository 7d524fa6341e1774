with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
package body Crew is
   protected body Hand_Rendezvous is

      entry Go (Times : Positive)
        when Closed
          or else (Chosen = Hand_No_Entry and then Go_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Hand_Go;
         Go_Times := Times;
         Go_Done := False;
         requeue Go_Queue;
      end Go;

      entry Go_Accept_Begin (Times : out Positive)
        when Chosen = Hand_Go is
      begin
         Times := Go_Times;
         Chosen := Hand_No_Entry;
      end Go_Accept_Begin;

      procedure Go_Accept_End is
      begin
         Go_Done := True;
      end Go_Accept_End;

      procedure Go_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Go_Failure, Occurrence);
         Go_Raised := True;
         Go_Done := True;
      end Go_Failed;

      entry Go_Queue (Times : in Positive)
        when Go_Done or else Closed is
      begin
         if not Go_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Go_Done := False;
         if Go_Raised then
            Go_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Go_Failure);
         end if;
      end Go_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Hand_Rendezvous;

   protected body Hand is
      --  rdv2po: each call goes on to Rendezvous, as cancellable as it was
      entry Go (Times : Positive) when Passing is
      begin
         requeue Rendezvous.Go with abort;
      end Go;
   end Hand;

   task body Hand_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Hand_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Hand_Closer);
      overriding procedure Finalize (Object : in out Hand_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Hand_Closer;
   begin
      declare
         Times : Positive;
      begin
         Self.Go_Accept_Begin (Times);
         begin
            for I in 1 .. Times loop
               Put_Line (Tag & " went" & Integer'Image (I));
            end loop;
         exception
            when Occurrence : others =>
               Self.Go_Failed (Occurrence);
               raise;
         end;
         Self.Go_Accept_End;
      end;
   end Hand_Agent;

   task body Foreman is
   begin
      First.Go (1);
      Second.Go (2);
   end Foreman;

   procedure Send (H : access Hand; Times : Positive) is
   begin
      H.Go (Times);
   end Send;
end Crew;
