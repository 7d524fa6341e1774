--  Calling servers whose variables have initial values.  The task evaluated
--  them when it was activated: an exception there failed the activation, and
--  the activator got Tasking_Error at its begin.  The protected object gets
--  them as component defaults, evaluated where it is declared, where the
--  exception would propagate as Constraint_Error.  Planner's values are shown
--  within their subtypes: translated.  Setup's Level - 1 + 1 is not shown
--  within Positive (Level is a variable; were it 0, the activation would
--  fail): refused, though this run gives it 1.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Offset : constant := 4;
   Level  : Integer := 1;
begin
   declare
      type Worker_Entry is (Worker_No_Entry, Worker_Start);
      --  rdv2po: task Worker became this protected object; its code runs in
      --  the task Worker_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Worker is
         entry Start (Id : Integer);
         --  rdv2po: the rendezvous protocol, for Worker_Agent
         entry Start_Accept_Begin (Id : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (Id : in Integer);
         procedure Close;
      private
         Chosen : Worker_Entry := Worker_No_Entry;
         Closed : Boolean := False;
         Start_Id : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
      end Worker;
      task Worker_Agent is
         --  rdv2po: general scheme agent of Worker
      end Worker_Agent;

      task Planner;

      protected body Worker is

         entry Start (Id : Integer)
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

         entry Start_Accept_Begin (Id : out Integer)
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

         entry Start_Queue (Id : in Integer)
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
            Worker.Close;
         end Finalize;
         Closer : Worker_Closer;
         Got : Integer := 0;
      begin
         declare
            Id : Integer;
         begin
            Worker.Start_Accept_Begin (Id);
            begin
               Got := Id;
            exception
               when Occurrence : others =>
                  Worker.Start_Failed (Occurrence);
                  raise;
            end;
            Worker.Start_Accept_End;
         end;
         Put_Line ("worker got" & Integer'Image (Got));
      end Worker_Agent;

      task body Planner is
         Base : Positive := Offset + 1;
         Step : Natural := Offset - 4;
      begin
         Worker.Start (Base + Step);
      end Planner;
   begin
      null;
   end;

   declare
      type Helper_Entry is (Helper_No_Entry, Helper_Start);
      --  rdv2po: task Helper became this protected object; its code runs in
      --  the task Helper_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Helper is
         entry Start (Id : Integer);
         --  rdv2po: the rendezvous protocol, for Helper_Agent
         entry Start_Accept_Begin (Id : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (Id : in Integer);
         procedure Close;
      private
         Chosen : Helper_Entry := Helper_No_Entry;
         Closed : Boolean := False;
         Start_Id : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
      end Helper;
      task Helper_Agent is
         --  rdv2po: general scheme agent of Helper
      end Helper_Agent;

      task Setup;

      protected body Helper is

         entry Start (Id : Integer)
           when Closed
             or else (Chosen = Helper_No_Entry
                      and then Start_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Helper_Start;
            Start_Id := Id;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Start_Accept_Begin (Id : out Integer)
           when Chosen = Helper_Start is
         begin
            Id := Start_Id;
            Chosen := Helper_No_Entry;
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

         entry Start_Queue (Id : in Integer)
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
      end Helper;

      task body Helper_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Helper_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Helper_Closer);
         overriding procedure Finalize (Object : in out Helper_Closer) is
         begin
            Helper.Close;
         end Finalize;
         Closer : Helper_Closer;
         Got : Integer := 0;
      begin
         declare
            Id : Integer;
         begin
            Helper.Start_Accept_Begin (Id);
            begin
               Got := Id;
            exception
               when Occurrence : others =>
                  Helper.Start_Failed (Occurrence);
                  raise;
            end;
            Helper.Start_Accept_End;
         end;
         Put_Line ("helper got" & Integer'Image (Got));
      end Helper_Agent;

      task body Setup is
         Base : Positive := Level - 1 + 1;
      begin
         Helper.Start (Base);
      end Setup;
   begin
      null;
   exception
      when Tasking_Error => Put_Line ("setup's activation failed");
   end;
   Put_Line ("PASSED");
end Main;
