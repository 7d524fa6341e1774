--  One-shot servers the caller-runs scheme takes: tasks that accept their
--  entries one after another, and end (no loop).  Each accept is
--  a stage of the turn; the caller of the last runs what the task did after
--  it, and the task is then completed: a later call raises Tasking_Error.  A
--  task type's objects (declared, in an array, made by an allocator) each
--  hold their own stage; their masters wait for them as they waited for the
--  tasks.  An entry accepted twice, one accept after the other, is taken at
--  either stage, and its procedure runs the code of the one taken.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   procedure Exchange is
      type Once_Entry is (Once_No_Entry, Once_Put, Once_Get);
      type Once_Put_S_Access is access String;
      procedure Free_Put_S is new Ada.Unchecked_Deallocation
        (String,
         Once_Put_S_Access);
      --  rdv2po: task Once became this protected object; its code runs in the
      --  task Once_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Once is
         entry Put (S : String);
         entry Get (N : out Integer);
         --  rdv2po: the rendezvous protocol, for Once_Agent
         entry Put_Accept_Begin;
         function Put_S_Value return String;
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue (S : in String);
         entry Get_Accept_Begin (N : out Integer);
         procedure Get_Accept_End (N : in Integer);
         procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Get_Queue (N : out Integer);
         procedure Close;
      private
         Chosen : Once_Entry := Once_No_Entry;
         Closed : Boolean := False;
         Put_S : Once_Put_S_Access;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
         Get_N : Integer;
         Get_Done : Boolean := False;
         Get_Raised : Boolean := False;
         Get_Failure : Ada.Exceptions.Exception_Occurrence;
      end Once;
      task Once_Agent is
         --  rdv2po: general scheme agent of Once
      end Once_Agent;

      protected body Once is

         entry Put (S : String)
           when Closed
             or else (Chosen = Once_No_Entry
                      and then Put_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Once_Put;
            Put_S := new String'(S);
            Put_Done := False;
            requeue Put_Queue;
         end Put;

         entry Get (N : out Integer)
           when Closed
             or else (Chosen = Once_No_Entry
                      and then Get_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Once_Get;
            Get_N := N;
            Get_Done := False;
            requeue Get_Queue;
         end Get;

         entry Put_Accept_Begin
           when Chosen = Once_Put is
         begin
            Chosen := Once_No_Entry;
         end Put_Accept_Begin;

         function Put_S_Value return String is
         begin
            return Put_S.all;
         end Put_S_Value;

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

         entry Put_Queue (S : in String)
           when Put_Done or else Closed is
         begin
            if not Put_Done then
               Free_Put_S (Put_S);
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Put_Done := False;
            if Put_Raised then
               Put_Raised := False;
               Free_Put_S (Put_S);
               Ada.Exceptions.Reraise_Occurrence (Put_Failure);
            end if;
            Free_Put_S (Put_S);
         end Put_Queue;

         entry Get_Accept_Begin (N : out Integer)
           when Chosen = Once_Get is
         begin
            N := Get_N;
            Chosen := Once_No_Entry;
         end Get_Accept_Begin;

         procedure Get_Accept_End (N : in Integer) is
         begin
            Get_N := N;
            Get_Done := True;
         end Get_Accept_End;

         procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
            Get_Raised := True;
            Get_Done := True;
         end Get_Failed;

         entry Get_Queue (N : out Integer)
           when Get_Done or else Closed is
         begin
            if not Get_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Get_Done := False;
            if Get_Raised then
               Get_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Get_Failure);
            end if;
            N := Get_N;
         end Get_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Once;

      task body Once_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Once_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Once_Closer);
         overriding procedure Finalize (Object : in out Once_Closer) is
         begin
            Once.Close;
         end Finalize;
         Closer : Once_Closer;
         Count : Integer := 0;
      begin
         begin
            Once.Put_Accept_Begin;
            declare
               S : constant String := Once.Put_S_Value;
            begin
               begin
                  Put_Line ("once: " & S);
                  Count := S'Length;
               exception
                  when Occurrence : others =>
                     Once.Put_Failed (Occurrence);
                     raise;
               end;
               Once.Put_Accept_End;
            end;
         end;
         Count := Count * 2;
         declare
            N : Integer;
         begin
            Once.Get_Accept_Begin (N);
            begin
               N := Count;
            exception
               when Occurrence : others =>
                  Once.Get_Failed (Occurrence);
                  raise;
            end;
            Once.Get_Accept_End (N);
         end;
         Put_Line ("once done");
      end Once_Agent;

      N : Integer;
   begin
      Once.Put ("abc");
      Once.Get (N);
      begin
         Once.Put ("again");
         Put_Line ("late call taken");
      exception
         when Tasking_Error => Put_Line ("late call: Tasking_Error");
      end;
      Put_Line ("got" & Integer'Image (N));
   end Exchange;

   procedure Pairing is
      type Pair_Entry is (Pair_No_Entry, Pair_Put);
      type Pair_Put_S_Access is access String;
      procedure Free_Put_S is new Ada.Unchecked_Deallocation
        (String,
         Pair_Put_S_Access);
      --  rdv2po: task Pair became this protected object; its code runs in the
      --  task Pair_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Pair is
         entry Put (S : String);
         --  rdv2po: the rendezvous protocol, for Pair_Agent
         entry Put_Accept_Begin;
         function Put_S_Value return String;
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue (S : in String);
         procedure Close;
      private
         Chosen : Pair_Entry := Pair_No_Entry;
         Closed : Boolean := False;
         Put_S : Pair_Put_S_Access;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Pair;
      task Pair_Agent is
         --  rdv2po: general scheme agent of Pair
      end Pair_Agent;

      protected body Pair is

         entry Put (S : String)
           when Closed
             or else (Chosen = Pair_No_Entry
                      and then Put_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Pair_Put;
            Put_S := new String'(S);
            Put_Done := False;
            requeue Put_Queue;
         end Put;

         entry Put_Accept_Begin
           when Chosen = Pair_Put is
         begin
            Chosen := Pair_No_Entry;
         end Put_Accept_Begin;

         function Put_S_Value return String is
         begin
            return Put_S.all;
         end Put_S_Value;

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

         entry Put_Queue (S : in String)
           when Put_Done or else Closed is
         begin
            if not Put_Done then
               Free_Put_S (Put_S);
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Put_Done := False;
            if Put_Raised then
               Put_Raised := False;
               Free_Put_S (Put_S);
               Ada.Exceptions.Reraise_Occurrence (Put_Failure);
            end if;
            Free_Put_S (Put_S);
         end Put_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Pair;

      task body Pair_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Pair_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Pair_Closer);
         overriding procedure Finalize (Object : in out Pair_Closer) is
         begin
            Pair.Close;
         end Finalize;
         Closer : Pair_Closer;
         First : String (1 .. 3) := "???";
      begin
         begin
            Pair.Put_Accept_Begin;
            declare
               S : constant String := Pair.Put_S_Value;
            begin
               begin
                  First := S (S'First .. S'First + 2);
               exception
                  when Occurrence : others =>
                     Pair.Put_Failed (Occurrence);
                     raise;
               end;
               Pair.Put_Accept_End;
            end;
         end;
         begin
            Pair.Put_Accept_Begin;
            declare
               S : constant String := Pair.Put_S_Value;
            begin
               begin
                  Put_Line ("pair: " & First & " and " & S);
               exception
                  when Occurrence : others =>
                     Pair.Put_Failed (Occurrence);
                     raise;
               end;
               Pair.Put_Accept_End;
            end;
         end;
      end Pair_Agent;
   begin
      Pair.Put ("left");
      Pair.Put ("right");
   end Pairing;

   type Reply;
   type Reply_Entry is (Reply_No_Entry, Reply_Ask);
   type Reply_Ask_Q_Access is access String;
   procedure Free_Ask_Q is new Ada.Unchecked_Deallocation
     (String,
      Reply_Ask_Q_Access);
   task type Reply_Agent (Self : not null access Reply; Scale : Positive) is
      --  rdv2po: general scheme agent of Reply
   end Reply_Agent;
   --  rdv2po: task type Reply became this protected type; its code runs in
   --  Reply_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Reply (Scale : Positive) is
      entry Ask (Q : String; A : out Integer);
      --  rdv2po: the rendezvous protocol, for Reply_Agent
      entry Ask_Accept_Begin (A : out Integer);
      function Ask_Q_Value return String;
      procedure Ask_Accept_End (A : in Integer);
      procedure Ask_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Ask_Queue (Q : in String; A : out Integer);
      procedure Close;
   private
      Chosen : Reply_Entry := Reply_No_Entry;
      Closed : Boolean := False;
      Ask_Q : Reply_Ask_Q_Access;
      Ask_A : Integer;
      Ask_Done : Boolean := False;
      Ask_Raised : Boolean := False;
      Ask_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Reply_Agent (Self => Reply'Unchecked_Access, Scale => Scale);
   end Reply;

   protected body Reply is

      entry Ask (Q : String; A : out Integer)
        when Closed
          or else (Chosen = Reply_No_Entry and then Ask_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Reply_Ask;
         Ask_A := A;
         Ask_Q := new String'(Q);
         Ask_Done := False;
         requeue Ask_Queue;
      end Ask;

      entry Ask_Accept_Begin (A : out Integer)
        when Chosen = Reply_Ask is
      begin
         A := Ask_A;
         Chosen := Reply_No_Entry;
      end Ask_Accept_Begin;

      function Ask_Q_Value return String is
      begin
         return Ask_Q.all;
      end Ask_Q_Value;

      procedure Ask_Accept_End (A : in Integer) is
      begin
         Ask_A := A;
         Ask_Done := True;
      end Ask_Accept_End;

      procedure Ask_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Ask_Failure, Occurrence);
         Ask_Raised := True;
         Ask_Done := True;
      end Ask_Failed;

      entry Ask_Queue (Q : in String; A : out Integer)
        when Ask_Done or else Closed is
      begin
         if not Ask_Done then
            Free_Ask_Q (Ask_Q);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Ask_Done := False;
         if Ask_Raised then
            Ask_Raised := False;
            Free_Ask_Q (Ask_Q);
            Ada.Exceptions.Reraise_Occurrence (Ask_Failure);
         end if;
         A := Ask_A;
         Free_Ask_Q (Ask_Q);
      end Ask_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Reply;

   task body Reply_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Reply_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Reply_Closer);
      overriding procedure Finalize (Object : in out Reply_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Reply_Closer;
   begin
      declare
         A : Integer;
      begin
         Self.Ask_Accept_Begin (A);
         declare
            Q : constant String := Self.Ask_Q_Value;
         begin
            begin
               A := Q'Length * Scale;
            exception
               when Occurrence : others =>
                  Self.Ask_Failed (Occurrence);
                  raise;
            end;
            Self.Ask_Accept_End (A);
         end;
      end;
   end Reply_Agent;

   procedure Replies is
      type Reply_Access is access Reply;
      Far : constant Reply_Access := new Reply (4);
      One : Reply (2);
      Row : array (1 .. 3) of Reply (3);
      A : Integer;
   begin
      One.Ask ("ab", A);
      Put_Line ("one" & Integer'Image (A));
      for I in Row'Range loop
         Row (I).Ask ((1 .. I => 'x'), A);
         Put_Line ("row" & Integer'Image (A));
      end loop;
      Far.Ask ("abc", A);
      Put_Line ("far" & Integer'Image (A));
   end Replies;
begin
   Exchange;
   Pairing;
   Replies;
   Put_Line ("PASSED");
end Main;
