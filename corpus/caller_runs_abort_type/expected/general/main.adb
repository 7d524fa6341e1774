--  Objects of a printing task type that accepts Note twice, one after the
--  other, the main program aborting them: named, through an in parameter and
--  as an array component.  The program has no other task, so no caller is in
--  an object's code when the abort comes; after it, 'Callable is False and a
--  call raises Tasking_Error, while an object not aborted is still served.
with Ada.Task_Identification;
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Scribe;
   type Scribe_Entry is (Scribe_No_Entry, Scribe_Note);
   type Scribe_Note_Line_Access is access String;
   procedure Free_Note_Line is new Ada.Unchecked_Deallocation
     (String,
      Scribe_Note_Line_Access);
   task type Scribe_Agent (Self : not null access Scribe) is
      --  rdv2po: general scheme agent of Scribe
   end Scribe_Agent;
   --  rdv2po: task type Scribe became this protected type; its code runs in
   --  Scribe_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Scribe is
      entry Note (Line : String; Count : in out Natural);
      --  rdv2po: the rendezvous protocol, for Scribe_Agent
      entry Note_Accept_Begin (Count : out Natural);
      function Note_Line_Value return String;
      procedure Note_Accept_End (Count : in Natural);
      procedure Note_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Note_Queue (Line : in String; Count : in out Natural);
      function Agent_Callable return Boolean;
      function Agent_Identity return Ada.Task_Identification.Task_Id;
      procedure Close;
   private
      Chosen : Scribe_Entry := Scribe_No_Entry;
      Closed : Boolean := False;
      Note_Line : Scribe_Note_Line_Access;
      Note_Count_2 : Natural;
      Note_Done : Boolean := False;
      Note_Raised : Boolean := False;
      Note_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Scribe_Agent (Self => Scribe'Unchecked_Access);
   end Scribe;

   protected body Scribe is

      entry Note (Line : String; Count : in out Natural)
        when Closed
          or else (Chosen = Scribe_No_Entry
                   and then Note_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Scribe_Note;
         Note_Count_2 := Count;
         Note_Line := new String'(Line);
         Note_Done := False;
         requeue Note_Queue;
      end Note;

      entry Note_Accept_Begin (Count : out Natural)
        when Chosen = Scribe_Note is
      begin
         Count := Note_Count_2;
         Chosen := Scribe_No_Entry;
      end Note_Accept_Begin;

      function Note_Line_Value return String is
      begin
         return Note_Line.all;
      end Note_Line_Value;

      procedure Note_Accept_End (Count : in Natural) is
      begin
         Note_Count_2 := Count;
         Note_Done := True;
      end Note_Accept_End;

      procedure Note_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Note_Failure, Occurrence);
         Note_Raised := True;
         Note_Done := True;
      end Note_Failed;

      entry Note_Queue (Line : in String; Count : in out Natural)
        when Note_Done or else Closed is
      begin
         if not Note_Done then
            Free_Note_Line (Note_Line);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Note_Done := False;
         if Note_Raised then
            Note_Raised := False;
            Free_Note_Line (Note_Line);
            Ada.Exceptions.Reraise_Occurrence (Note_Failure);
         end if;
         Count := Note_Count_2;
         Free_Note_Line (Note_Line);
      end Note_Queue;

      function Agent_Callable return Boolean is
      begin
         return not Closed and then Agent'Callable;
      end Agent_Callable;

      function Agent_Identity return Ada.Task_Identification.Task_Id is
      begin
         return Agent'Identity;
      end Agent_Identity;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Scribe;

   task body Scribe_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Scribe_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Scribe_Closer);
      overriding procedure Finalize (Object : in out Scribe_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Scribe_Closer;
   begin
      declare
         Count : Natural;
      begin
         Self.Note_Accept_Begin (Count);
         declare
            Line : constant String := Self.Note_Line_Value;
         begin
            begin
               Put_Line ("first note: " & Line);
               Count := Count + 1;
            exception
               when Occurrence : others =>
                  Self.Note_Failed (Occurrence);
                  raise;
            end;
            Self.Note_Accept_End (Count);
         end;
      end;
      declare
         Count : Natural;
      begin
         Self.Note_Accept_Begin (Count);
         declare
            Line : constant String := Self.Note_Line_Value;
         begin
            begin
               Put_Line ("second note: " & Line);
               Count := Count + 10;
            exception
               when Occurrence : others =>
                  Self.Note_Failed (Occurrence);
                  raise;
            end;
            Self.Note_Accept_End (Count);
         end;
      end;
   end Scribe_Agent;

   type Row is array (1 .. 2) of Scribe;

   Alone : Scribe;
   Pair : Row;
   Count : Natural := 0;
   Failures : Natural := 0;

   procedure Stop (S : in out Scribe; Name : String) is
   begin
      Ada.Task_Identification.Abort_Task (S.Agent_Identity);
      S.Close;
      Put_Line (Name & " callable after abort: " & Boolean'Image (S.Agent_Callable));
   end Stop;

   procedure Call_After (S : in out Scribe; Name : String) is
   begin
      S.Note ("late", Count);
      Put_Line (Name & ": no error");
      Failures := Failures + 1;
   exception
      when Tasking_Error => Put_Line (Name & ": Tasking_Error");
   end Call_After;
begin
   Alone.Note ("alone", Count);
   Pair (1).Note ("pair 1", Count);
   Pair (2).Note ("pair 2", Count);
   Ada.Task_Identification.Abort_Task (Alone.Agent_Identity);
   Alone.Close;
   Put_Line ("alone callable after abort: " & Boolean'Image (Alone.Agent_Callable));
   Stop (Pair (1), "pair 1");
   Call_After (Alone, "alone");
   Call_After (Pair (1), "pair 1");
   Pair (2).Note ("pair 2 again", Count);
   Ada.Task_Identification.Abort_Task (Pair (2).Agent_Identity);
   Pair (2).Close;
   Put_Line ("count" & Natural'Image (Count));
   if Failures = 0 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
