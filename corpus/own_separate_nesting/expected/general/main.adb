with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Spooler;

procedure Main is

   procedure Print_Report (Title : String; Copies : Positive) is
      --  A local task type: one copier per call of Print_Report.
      type Copier_Entry is (Copier_No_Entry, Copier_Go, Copier_Done);
      --  rdv2po: task Copier became this protected object; its code runs in
      --  the task Copier_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Copier is
         entry Go (N : Positive);
         entry Done (Made : out Natural);
         --  rdv2po: the rendezvous protocol, for Copier_Agent
         entry Go_Accept_Begin (N : out Positive);
         procedure Go_Accept_End;
         procedure Go_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Go_Queue (N : in Positive);
         entry Done_Accept_Begin (Made : out Natural);
         procedure Done_Accept_End (Made : in Natural);
         procedure Done_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Done_Queue (Made : out Natural);
         procedure Close;
      private
         Chosen : Copier_Entry := Copier_No_Entry;
         Closed : Boolean := False;
         Go_N : Positive;
         Go_Done : Boolean := False;
         Go_Raised : Boolean := False;
         Go_Failure : Ada.Exceptions.Exception_Occurrence;
         Done_Made : Natural;
         Done_Done : Boolean := False;
         Done_Raised : Boolean := False;
         Done_Failure : Ada.Exceptions.Exception_Occurrence;
      end Copier;
      task Copier_Agent is
         --  rdv2po: general scheme agent of Copier
      end Copier_Agent;

      protected body Copier is

         entry Go (N : Positive)
           when Closed
             or else (Chosen = Copier_No_Entry
                      and then Go_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Copier_Go;
            Go_N := N;
            Go_Done := False;
            requeue Go_Queue;
         end Go;

         entry Done (Made : out Natural)
           when Closed
             or else (Chosen = Copier_No_Entry
                      and then Done_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Copier_Done;
            Done_Made := Made;
            Done_Done := False;
            requeue Done_Queue;
         end Done;

         entry Go_Accept_Begin (N : out Positive)
           when Chosen = Copier_Go is
         begin
            N := Go_N;
            Chosen := Copier_No_Entry;
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

         entry Go_Queue (N : in Positive)
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

         entry Done_Accept_Begin (Made : out Natural)
           when Chosen = Copier_Done is
         begin
            Made := Done_Made;
            Chosen := Copier_No_Entry;
         end Done_Accept_Begin;

         procedure Done_Accept_End (Made : in Natural) is
         begin
            Done_Made := Made;
            Done_Done := True;
         end Done_Accept_End;

         procedure Done_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Done_Failure, Occurrence);
            Done_Raised := True;
            Done_Done := True;
         end Done_Failed;

         entry Done_Queue (Made : out Natural)
           when Done_Done or else Closed is
         begin
            if not Done_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Done_Done := False;
            if Done_Raised then
               Done_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Done_Failure);
            end if;
            Made := Done_Made;
         end Done_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Copier;

      task body Copier_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Copier_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Copier_Closer);
         overriding procedure Finalize (Object : in out Copier_Closer) is
         begin
            Copier.Close;
         end Finalize;
         Closer : Copier_Closer;
         Count : Natural := 0;
         Want  : Positive;
      begin
         declare
            N : Positive;
         begin
            Copier.Go_Accept_Begin (N);
            begin
               Want := N;
            exception
               when Occurrence : others =>
                  Copier.Go_Failed (Occurrence);
                  raise;
            end;
            Copier.Go_Accept_End;
         end;
         for I in 1 .. Want loop
            Spooler.Queue.Submit (Title & " copy" & Integer'Image (I), Pages => 2);
            Count := Count + 1;
         end loop;
         declare
            Made : Natural;
         begin
            Copier.Done_Accept_Begin (Made);
            begin
               Made := Count;
            exception
               when Occurrence : others =>
                  Copier.Done_Failed (Occurrence);
                  raise;
            end;
            Copier.Done_Accept_End (Made);
         end;
      end Copier_Agent;

      Made : Natural;
   begin
      Copier.Go (Copies);
      Copier.Done (Made);
      Put_Line (Title & ": made" & Natural'Image (Made));
   end Print_Report;

   Jobs, Pages : Natural;
begin
   Spooler.Queue.Submit ("cover");
   Print_Report ("annual", 2);
   Print_Report ("monthly", 3);
   declare
      type Last_Minute_Entry is (Last_Minute_No_Entry, Last_Minute_Wait_Done);
      --  rdv2po: task Last_Minute became this protected object; its code runs
      --  in the task Last_Minute_Agent, declared after it (general scheme:
      --  each rendezvous goes through the object)
      protected Last_Minute is
         entry Wait_Done;
         --  rdv2po: the rendezvous protocol, for Last_Minute_Agent
         entry Wait_Done_Accept_Begin;
         procedure Close;
      private
         Chosen : Last_Minute_Entry := Last_Minute_No_Entry;
         Closed : Boolean := False;
      end Last_Minute;
      task Last_Minute_Agent is
         --  rdv2po: general scheme agent of Last_Minute
      end Last_Minute_Agent;
      protected body Last_Minute is

         entry Wait_Done
           when Closed
             or else (Chosen = Last_Minute_No_Entry
                      and then Wait_Done_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Last_Minute_Wait_Done;
         end Wait_Done;

         entry Wait_Done_Accept_Begin
           when Chosen = Last_Minute_Wait_Done is
         begin
            Chosen := Last_Minute_No_Entry;
         end Wait_Done_Accept_Begin;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Last_Minute;

      task body Last_Minute_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Last_Minute_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Last_Minute_Closer);
         overriding procedure Finalize (Object : in out Last_Minute_Closer) is
         begin
            Last_Minute.Close;
         end Finalize;
         Closer : Last_Minute_Closer;
      begin
         Spooler.Queue.Submit ("errata", 5);
         Last_Minute.Wait_Done_Accept_Begin;
      end Last_Minute_Agent;
   begin
      Last_Minute.Wait_Done;
   end;
   Spooler.Queue.Flush (Jobs, Pages);
   Put_Line ("flushed" & Natural'Image (Jobs) & " jobs," & Natural'Image (Pages) & " pages");
   Spooler.Queue.Flush (Jobs, Pages);
   Put_Line ("flushed" & Natural'Image (Jobs) & " jobs," & Natural'Image (Pages) & " pages");
end Main;
