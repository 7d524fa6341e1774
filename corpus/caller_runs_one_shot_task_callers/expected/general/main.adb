--  One-shot servers whose entries other tasks call: the caller-runs scheme
--  takes them once no calling server that hands them work is rewritten.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Log is
      procedure Add (C : Character);
      function Image return String;
   private
      Text : String (1 .. 16) := (others => ' ');
      Last : Natural := 0;
   end Log;

   protected body Log is
      procedure Add (C : Character) is
      begin
         Last := Last + 1;
         Text (Last) := C;
      end Add;

      function Image return String is
      begin
         return Text (1 .. Last);
      end Image;
   end Log;

   protected Sum is
      procedure Add (V : Integer);
      function Total return Integer;
   private
      Value : Integer := 0;
   end Sum;

   protected body Sum is
      procedure Add (V : Integer) is
      begin
         Value := Value + V;
      end Add;

      function Total return Integer is
      begin
         return Value;
      end Total;
   end Sum;

   procedure Note (C : Character) is
   begin
      Log.Add (C);
   end Note;

   --  Handed work by Dispatcher, whose translation the calling scheme refuses
   --  (the accept body does more than store what it receives).
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
      procedure Close_2;
   private
      Chosen : Worker_Entry := Worker_No_Entry;
      Closed_2 : Boolean := False;
      Start_V : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker'Unchecked_Access);
   end Worker;

   protected body Worker is

      entry Start (V : Integer)
        when Closed_2
          or else (Chosen = Worker_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed_2 then
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
        when Start_Done or else Closed_2 is
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

      procedure Close_2 is
      begin
         Closed_2 := True;
      end Close_2;
   end Worker;

   task body Worker_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Worker_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Worker_Closer);
      overriding procedure Finalize (Object : in out Worker_Closer) is
      begin
         Self.Close_2;
      end Finalize;
      Closer_2 : Worker_Closer;
      Mine : Integer := 0;
   begin
      declare
         V : Integer;
      begin
         Self.Start_Accept_Begin (V);
         begin
            Mine := V;
            Note ('s');
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      Sum.Add (Mine);
   end Worker_Agent;

   Closed : Integer := 0;
   pragma Atomic (Closed);

begin
   declare
      --  Opened by the main program, closed by another task.
      type Relay_Entry is (Relay_No_Entry, Relay_Open, Relay_Close);
      --  rdv2po: task Relay became this protected object; its code runs in the
      --  task Relay_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Relay is
         entry Open (Id : Integer);
         entry Close (Total : out Integer);
         --  rdv2po: the rendezvous protocol, for Relay_Agent
         entry Open_Accept_Begin (Id : out Integer);
         procedure Open_Accept_End;
         procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Open_Queue (Id : in Integer);
         entry Close_Accept_Begin (Total : out Integer);
         procedure Close_Accept_End (Total : in Integer);
         procedure Close_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Close_Queue (Total : out Integer);
         procedure Close_2;
      private
         Chosen : Relay_Entry := Relay_No_Entry;
         Closed_2 : Boolean := False;
         Open_Id : Integer;
         Open_Done : Boolean := False;
         Open_Raised : Boolean := False;
         Open_Failure : Ada.Exceptions.Exception_Occurrence;
         Close_Total : Integer;
         Close_Done : Boolean := False;
         Close_Raised : Boolean := False;
         Close_Failure : Ada.Exceptions.Exception_Occurrence;
      end Relay;
      task Relay_Agent is
         --  rdv2po: general scheme agent of Relay
      end Relay_Agent;

      protected body Relay is

         entry Open (Id : Integer)
           when Closed_2
             or else (Chosen = Relay_No_Entry
                      and then Open_Accept_Begin'Count > 0)
         is
         begin
            if Closed_2 then
               raise Tasking_Error;
            end if;
            Chosen := Relay_Open;
            Open_Id := Id;
            Open_Done := False;
            requeue Open_Queue;
         end Open;

         entry Close (Total : out Integer)
           when Closed_2
             or else (Chosen = Relay_No_Entry
                      and then Close_Accept_Begin'Count > 0)
         is
         begin
            if Closed_2 then
               raise Tasking_Error;
            end if;
            Chosen := Relay_Close;
            Close_Total := Total;
            Close_Done := False;
            requeue Close_Queue;
         end Close;

         entry Open_Accept_Begin (Id : out Integer)
           when Chosen = Relay_Open is
         begin
            Id := Open_Id;
            Chosen := Relay_No_Entry;
         end Open_Accept_Begin;

         procedure Open_Accept_End is
         begin
            Open_Done := True;
         end Open_Accept_End;

         procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Open_Failure, Occurrence);
            Open_Raised := True;
            Open_Done := True;
         end Open_Failed;

         entry Open_Queue (Id : in Integer)
           when Open_Done or else Closed_2 is
         begin
            if not Open_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Open_Done := False;
            if Open_Raised then
               Open_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Open_Failure);
            end if;
         end Open_Queue;

         entry Close_Accept_Begin (Total : out Integer)
           when Chosen = Relay_Close is
         begin
            Total := Close_Total;
            Chosen := Relay_No_Entry;
         end Close_Accept_Begin;

         procedure Close_Accept_End (Total : in Integer) is
         begin
            Close_Total := Total;
            Close_Done := True;
         end Close_Accept_End;

         procedure Close_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Close_Failure, Occurrence);
            Close_Raised := True;
            Close_Done := True;
         end Close_Failed;

         entry Close_Queue (Total : out Integer)
           when Close_Done or else Closed_2 is
         begin
            if not Close_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Close_Done := False;
            if Close_Raised then
               Close_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Close_Failure);
            end if;
            Total := Close_Total;
         end Close_Queue;

         procedure Close_2 is
         begin
            Closed_2 := True;
         end Close_2;
      end Relay;

      task body Relay_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Relay_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Relay_Closer);
         overriding procedure Finalize (Object : in out Relay_Closer) is
         begin
            Relay.Close_2;
         end Finalize;
         Closer_2 : Relay_Closer;
         Kept : Integer := 0;
      begin
         declare
            Id : Integer;
         begin
            Relay.Open_Accept_Begin (Id);
            begin
               Kept := Id;
               Note ('o');
            exception
               when Occurrence : others =>
                  Relay.Open_Failed (Occurrence);
                  raise;
            end;
            Relay.Open_Accept_End;
         end;
         Kept := Kept * 2;
         declare
            Total : Integer;
         begin
            Relay.Close_Accept_Begin (Total);
            begin
               Total := Kept;
               Note ('c');
            exception
               when Occurrence : others =>
                  Relay.Close_Failed (Occurrence);
                  raise;
            end;
            Relay.Close_Accept_End (Total);
         end;
         Note ('e');
      end Relay_Agent;

      task Closer;
      task body Closer is
         T : Integer;
      begin
         Relay.Close (T);
         Closed := T;
      end Closer;
   begin
      Relay.Open (21);
   end;
   declare
      Pool : array (1 .. 3) of Worker;
   begin
      declare
         task Dispatcher;
         task body Dispatcher is
         begin
            for I in Pool'Range loop
               Pool (I).Start (I * 10);
            end loop;
         end Dispatcher;
      begin
         null;
      end;
   end;
   Put_Line ("closed" & Integer'Image (Closed));
   Put_Line ("log " & Log.Image);
   Put_Line ("sum" & Integer'Image (Sum.Total));
   Put_Line ("PASSED");
end Main;
