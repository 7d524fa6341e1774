with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Direct_IO;
procedure Main is
   generic
      type Element is private;
   package Holders is
      type Holder is record
         Value : Element;
      end record;
   end Holders;

   type Point is tagged record
      X, Y : Integer := 0;
   end record;
   type Point_Ref is access Point;

   --  Shape 1: an instance of Ada.Direct_IO after the task.
   type First_Entry is (First_No_Entry, First_Put);
   --  rdv2po: task First became this protected object; its code runs in the
   --  task First_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected First is
      entry Put (V : Integer);
      --  rdv2po: the rendezvous protocol, for First_Agent
      entry Put_Accept_Begin (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      procedure Close;
   private
      Chosen : First_Entry := First_No_Entry;
      Closed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
   end First;
   task First_Agent is
      --  rdv2po: general scheme agent of First
   end First_Agent;
   package Int_Files is new Ada.Direct_IO (Integer);

   --  Shape 2: an allocator of a plain tagged record after the task.
   type Second_Entry is (Second_No_Entry, Second_Put);
   --  rdv2po: task Second became this protected object; its code runs in the
   --  task Second_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Second is
      entry Put (V : Integer);
      --  rdv2po: the rendezvous protocol, for Second_Agent
      entry Put_Accept_Begin (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      procedure Close;
   private
      Chosen : Second_Entry := Second_No_Entry;
      Closed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
   end Second;
   task Second_Agent is
      --  rdv2po: general scheme agent of Second
   end Second_Agent;
   Origin : constant Point_Ref := new Point'(X => 1, Y => 2);

   --  Shape 3: in the body of a task type, an access object, then
   --  an instance of a task-free generic.
   type Third;
   type Third_Entry is (Third_No_Entry, Third_Put);
   task type Third_Agent (Self : not null access Third) is
      --  rdv2po: general scheme agent of Third
   end Third_Agent;
   --  rdv2po: task type Third became this protected type; its code runs in
   --  Third_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Third is
      entry Put (V : Integer);
      --  rdv2po: the rendezvous protocol, for Third_Agent
      entry Put_Accept_Begin (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      procedure Close;
   private
      Chosen : Third_Entry := Third_No_Entry;
      Closed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Third_Agent (Self => Third'Unchecked_Access);
   end Third;
   type Third_Ref is access all Third;

   protected body First is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = First_No_Entry and then Put_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := First_Put;
         Put_V := V;
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Put_Accept_Begin (V : out Integer)
        when Chosen = First_Put is
      begin
         V := Put_V;
         Chosen := First_No_Entry;
      end Put_Accept_Begin;

      procedure Put_Accept_End is
      begin
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (V : in Integer)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
      end Put_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end First;

   task body First_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type First_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out First_Closer);
      overriding procedure Finalize (Object : in out First_Closer) is
      begin
         First.Close;
      end Finalize;
      Closer : First_Closer;
   begin
      declare
         V : Integer;
      begin
         First.Put_Accept_Begin (V);
         begin
            Put_Line ("first" & Integer'Image (V));
         exception
            when Occurrence : others =>
               First.Put_Failed (Occurrence);
               raise;
         end;
         First.Put_Accept_End;
      end;
   end First_Agent;

   protected body Second is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Second_No_Entry
                   and then Put_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Second_Put;
         Put_V := V;
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Put_Accept_Begin (V : out Integer)
        when Chosen = Second_Put is
      begin
         V := Put_V;
         Chosen := Second_No_Entry;
      end Put_Accept_Begin;

      procedure Put_Accept_End is
      begin
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (V : in Integer)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
      end Put_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Second;

   task body Second_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Second_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Second_Closer);
      overriding procedure Finalize (Object : in out Second_Closer) is
      begin
         Second.Close;
      end Finalize;
      Closer : Second_Closer;
   begin
      declare
         V : Integer;
      begin
         Second.Put_Accept_Begin (V);
         begin
            Put_Line ("second" & Integer'Image (V));
         exception
            when Occurrence : others =>
               Second.Put_Failed (Occurrence);
               raise;
         end;
         Second.Put_Accept_End;
      end;
   end Second_Agent;

   protected body Third is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Third_No_Entry and then Put_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Third_Put;
         Put_V := V;
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Put_Accept_Begin (V : out Integer)
        when Chosen = Third_Put is
      begin
         V := Put_V;
         Chosen := Third_No_Entry;
      end Put_Accept_Begin;

      procedure Put_Accept_End is
      begin
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (V : in Integer)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
      end Put_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Third;

   task body Third_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Third_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Third_Closer);
      overriding procedure Finalize (Object : in out Third_Closer) is
      begin
         Self.Close;
      end Finalize;
      Peer : constant Third_Ref := null;
      package Int_Holders is new Holders (Integer);
      Last : Int_Holders.Holder := (Value => 0);
   begin
      declare
         Closer : Third_Closer;   --  closes on completion
      begin
         declare
            V : Integer;
         begin
            Self.Put_Accept_Begin (V);
            begin
               Last.Value := V;
               Put_Line ("third" & Integer'Image (Last.Value)
                         & " " & Boolean'Image (Peer = null));
            exception
               when Occurrence : others =>
                  Self.Put_Failed (Occurrence);
                  raise;
            end;
            Self.Put_Accept_End;
         end;
      end;
   end Third_Agent;

   procedure Send (V : Integer) is
      T : constant Third_Ref := new Third;
   begin
      First.Put (V);
      Second.Put (V + Origin.X);
      T.Put (V + Origin.Y);
   end Send;
begin
   Send (1);
   Put_Line (Int_Files.File_Mode'Image (Int_Files.In_File));
   Put_Line ("PASSED");
end Main;
