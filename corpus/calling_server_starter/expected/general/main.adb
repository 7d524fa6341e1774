--  A starter task, as textbooks write it: Starter waits for Go, then hands
--  each runner of Crew its number.  Crew is indexed by its own integer
--  type Id, so the loop parameter I is of type Id (GNAT's cross references
--  name it only by its representation; the scheme reads it from Crew's
--  declaration).  Each runner stores the square of its number.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Id is range 1 .. 5;
   Squares : array (Id) of Integer := (others => 0);
   pragma Volatile_Components (Squares);

   procedure Run is

      type Runner;
      type Runner_Entry is (Runner_No_Entry, Runner_Assign);
      task type Runner_Agent (Self : not null access Runner) is
         --  rdv2po: general scheme agent of Runner
      end Runner_Agent;
      --  rdv2po: task type Runner became this protected type; its code runs in
      --  Runner_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Runner is
         entry Assign (Who : Id);
         --  rdv2po: the rendezvous protocol, for Runner_Agent
         entry Assign_Accept_Begin (Who : out Id);
         procedure Assign_Accept_End;
         procedure Assign_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Assign_Queue (Who : in Id);
         procedure Close;
      private
         Chosen : Runner_Entry := Runner_No_Entry;
         Closed : Boolean := False;
         Assign_Who : Id;
         Assign_Done : Boolean := False;
         Assign_Raised : Boolean := False;
         Assign_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Runner_Agent (Self => Runner'Unchecked_Access);
      end Runner;

      Crew : array (Id) of Runner;

      type Starter_Entry is (Starter_No_Entry, Starter_Go);
      --  rdv2po: task Starter became this protected object; its code runs in
      --  the task Starter_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Starter is
         entry Go;
         --  rdv2po: the rendezvous protocol, for Starter_Agent
         entry Go_Accept_Begin;
         procedure Close;
      private
         Chosen : Starter_Entry := Starter_No_Entry;
         Closed : Boolean := False;
      end Starter;
      task Starter_Agent is
         --  rdv2po: general scheme agent of Starter
      end Starter_Agent;

      protected body Runner is

         entry Assign (Who : Id)
           when Closed
             or else (Chosen = Runner_No_Entry
                      and then Assign_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Runner_Assign;
            Assign_Who := Who;
            Assign_Done := False;
            requeue Assign_Queue;
         end Assign;

         entry Assign_Accept_Begin (Who : out Id)
           when Chosen = Runner_Assign is
         begin
            Who := Assign_Who;
            Chosen := Runner_No_Entry;
         end Assign_Accept_Begin;

         procedure Assign_Accept_End is
         begin
            Assign_Done := True;
         end Assign_Accept_End;

         procedure Assign_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Assign_Failure, Occurrence);
            Assign_Raised := True;
            Assign_Done := True;
         end Assign_Failed;

         entry Assign_Queue (Who : in Id)
           when Assign_Done or else Closed is
         begin
            if not Assign_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Assign_Done := False;
            if Assign_Raised then
               Assign_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Assign_Failure);
            end if;
         end Assign_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Runner;

      task body Runner_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Runner_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Runner_Closer);
         overriding procedure Finalize (Object : in out Runner_Closer) is
         begin
            Self.Close;
         end Finalize;
         Closer : Runner_Closer;
         Me : Id;
      begin
         declare
            Who : Id;
         begin
            Self.Assign_Accept_Begin (Who);
            begin
               Me := Who;
            exception
               when Occurrence : others =>
                  Self.Assign_Failed (Occurrence);
                  raise;
            end;
            Self.Assign_Accept_End;
         end;
         Squares (Me) := Integer (Me) * Integer (Me);
      end Runner_Agent;

      protected body Starter is

         entry Go
           when Closed
             or else (Chosen = Starter_No_Entry
                      and then Go_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Starter_Go;
         end Go;

         entry Go_Accept_Begin
           when Chosen = Starter_Go is
         begin
            Chosen := Starter_No_Entry;
         end Go_Accept_Begin;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Starter;

      task body Starter_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Starter_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Starter_Closer);
         overriding procedure Finalize (Object : in out Starter_Closer) is
         begin
            Starter.Close;
         end Finalize;
         Closer : Starter_Closer;
      begin
         Starter.Go_Accept_Begin;
         for I in Crew'Range loop
            Crew (I).Assign (I);
         end loop;
      end Starter_Agent;

   begin
      Starter.Go;
   end Run;

   Total : Integer := 0;
begin
   Run;
   for I in Id loop
      Put_Line (Id'Image (I) & " ->" & Integer'Image (Squares (I)));
      Total := Total + Squares (I);
   end loop;
   if Total = 55 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
