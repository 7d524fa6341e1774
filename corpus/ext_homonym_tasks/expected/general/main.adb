--  general scheme: two single tasks with the same name in two blocks; the
--  first run rewrites only one of them, says nothing about the other, and a
--  second run then rewrites the other (not idempotent).
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
begin
   A : declare
      type T_Entry is (T_No_Entry, T_E);
      --  rdv2po: task T became this protected object; its code runs in the
      --  task T_Agent, declared after it (general scheme: each rendezvous goes
      --  through the object)
      protected T is
         entry E (X : Integer);
         --  rdv2po: the rendezvous protocol, for T_Agent
         entry E_Accept_Begin (X : out Integer);
         procedure E_Accept_End;
         procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry E_Queue (X : in Integer);
         procedure Close;
      private
         Chosen : T_Entry := T_No_Entry;
         Closed : Boolean := False;
         E_X : Integer;
         E_Done : Boolean := False;
         E_Raised : Boolean := False;
         E_Failure : Ada.Exceptions.Exception_Occurrence;
      end T;
      task T_Agent is
         --  rdv2po: general scheme agent of T
      end T_Agent;
      protected body T is

         entry E (X : Integer)
           when Closed
             or else (Chosen = T_No_Entry and then E_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := T_E;
            E_X := X;
            E_Done := False;
            requeue E_Queue;
         end E;

         entry E_Accept_Begin (X : out Integer)
           when Chosen = T_E is
         begin
            X := E_X;
            Chosen := T_No_Entry;
         end E_Accept_Begin;

         procedure E_Accept_End is
         begin
            E_Done := True;
         end E_Accept_End;

         procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (E_Failure, Occurrence);
            E_Raised := True;
            E_Done := True;
         end E_Failed;

         entry E_Queue (X : in Integer)
           when E_Done or else Closed is
         begin
            if not E_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            E_Done := False;
            if E_Raised then
               E_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (E_Failure);
            end if;
         end E_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end T;

      task body T_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type T_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out T_Closer);
         overriding procedure Finalize (Object : in out T_Closer) is
         begin
            T.Close;
         end Finalize;
         Closer : T_Closer;
      begin
         declare
            X : Integer;
         begin
            T.E_Accept_Begin (X);
            begin
               Put_Line ("A.T got" & Integer'Image (X));
            exception
               when Occurrence : others =>
                  T.E_Failed (Occurrence);
                  raise;
            end;
            T.E_Accept_End;
         end;
      end T_Agent;
   begin
      T.E (1);
   end A;
   B : declare
      type T_Entry is (T_No_Entry, T_E);
      --  rdv2po: task T became this protected object; its code runs in the
      --  task T_Agent, declared after it (general scheme: each rendezvous goes
      --  through the object)
      protected T is
         entry E (X : Integer);
         --  rdv2po: the rendezvous protocol, for T_Agent
         entry E_Accept_Begin (X : out Integer);
         procedure E_Accept_End;
         procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry E_Queue (X : in Integer);
         procedure Close;
      private
         Chosen : T_Entry := T_No_Entry;
         Closed : Boolean := False;
         E_X : Integer;
         E_Done : Boolean := False;
         E_Raised : Boolean := False;
         E_Failure : Ada.Exceptions.Exception_Occurrence;
      end T;
      task T_Agent is
         --  rdv2po: general scheme agent of T
      end T_Agent;
      protected body T is

         entry E (X : Integer)
           when Closed
             or else (Chosen = T_No_Entry and then E_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := T_E;
            E_X := X;
            E_Done := False;
            requeue E_Queue;
         end E;

         entry E_Accept_Begin (X : out Integer)
           when Chosen = T_E is
         begin
            X := E_X;
            Chosen := T_No_Entry;
         end E_Accept_Begin;

         procedure E_Accept_End is
         begin
            E_Done := True;
         end E_Accept_End;

         procedure E_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (E_Failure, Occurrence);
            E_Raised := True;
            E_Done := True;
         end E_Failed;

         entry E_Queue (X : in Integer)
           when E_Done or else Closed is
         begin
            if not E_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            E_Done := False;
            if E_Raised then
               E_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (E_Failure);
            end if;
         end E_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end T;

      task body T_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type T_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out T_Closer);
         overriding procedure Finalize (Object : in out T_Closer) is
         begin
            T.Close;
         end Finalize;
         Closer : T_Closer;
      begin
         declare
            X : Integer;
         begin
            T.E_Accept_Begin (X);
            begin
               Put_Line ("B.T got" & Integer'Image (X));
            exception
               when Occurrence : others =>
                  T.E_Failed (Occurrence);
                  raise;
            end;
            T.E_Accept_End;
         end;
      end T_Agent;
   begin
      T.E (2);
   end B;
end Main;
