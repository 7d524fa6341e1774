with Ada.Exceptions;
with Ada.Finalization;
with Ada.Unchecked_Deallocation;
with Ada.Text_IO; use Ada.Text_IO;

--  A desk task hands a submission on to a ledger that only it can see: the
--  accept body requeues to an entry of a protected object declared in the task
--  body.  The caller stays queued there, with the value the accept body set,
--  until the desk opens the ledger.  A second task ends with its caller still
--  queued on such an object, whose finalization raises Program_Error in that
--  caller (RM 9.4(20)).
procedure Main is

   type Desk_Entry is (Desk_No_Entry, Desk_Submit);
   --  rdv2po: task Desk became this protected object; its code runs in the
   --  task Desk_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Desk is
      entry Submit (Amount : in out Integer);
      --  rdv2po: the rendezvous protocol, for Desk_Agent
      entry Submit_Accept_Begin (Amount : out Integer);
      procedure Submit_Accept_End (Amount : in Integer);
      procedure Submit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Submit_Queue (Amount : in out Integer);
      procedure Submit_Requeue_1 (Amount : in Integer);
      procedure Close;
   private
      Chosen : Desk_Entry := Desk_No_Entry;
      Closed : Boolean := False;
      Submit_Amount : Integer;
      Submit_Done : Boolean := False;
      Submit_Raised : Boolean := False;
      Submit_Failure : Ada.Exceptions.Exception_Occurrence;
      Submit_Target : Natural := 0;
   end Desk;
   task Desk_Agent is
      --  rdv2po: general scheme agent of Desk
      --  rdv2po: for the requeues whose target only this body sees
      entry Submit_Forward_1 (Amount : in out Integer);
   end Desk_Agent;

   protected body Desk is

      entry Submit (Amount : in out Integer)
        when Closed
          or else (Chosen = Desk_No_Entry
                   and then Submit_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Desk_Submit;
         Submit_Amount := Amount;
         Submit_Done := False;
         requeue Submit_Queue;
      end Submit;

      entry Submit_Accept_Begin (Amount : out Integer)
        when Chosen = Desk_Submit is
      begin
         Amount := Submit_Amount;
         Chosen := Desk_No_Entry;
      end Submit_Accept_Begin;

      procedure Submit_Accept_End (Amount : in Integer) is
      begin
         Submit_Amount := Amount;
         Submit_Done := True;
      end Submit_Accept_End;

      procedure Submit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Submit_Failure, Occurrence);
         Submit_Raised := True;
         Submit_Done := True;
      end Submit_Failed;

      entry Submit_Queue (Amount : in out Integer)
        when Submit_Done or else Closed is
      begin
         if not Submit_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Submit_Done := False;
         if Submit_Raised then
            Submit_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Submit_Failure);
         end if;
         Amount := Submit_Amount;
         if Submit_Target = 1 then
            Submit_Target := 0;
            requeue Desk_Agent.Submit_Forward_1;
         end if;
      end Submit_Queue;

      procedure Submit_Requeue_1 (Amount : in Integer) is
      begin
         Submit_Amount := Amount;
         Submit_Target := 1;
         Submit_Done := True;
      end Submit_Requeue_1;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Desk;

   task body Desk_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Desk_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Desk_Closer);
      overriding procedure Finalize (Object : in out Desk_Closer) is
      begin
         Desk.Close;
      end Finalize;
      Closer : Desk_Closer;
      protected Ledger is
         entry Post (Amount : in out Integer);
         procedure Open;
      private
         Ready : Boolean := False;
         Total : Integer := 100;
      end Ledger;

      protected body Ledger is
         entry Post (Amount : in out Integer) when Ready is
         begin
            Total := Total + Amount;
            Amount := Total;
         end Post;

         procedure Open is
         begin
            Ready := True;
         end Open;
      end Ledger;
   begin
      declare
         Amount : Integer;
      begin
         Desk.Submit_Accept_Begin (Amount);
         begin
            Amount := Amount * 10;
            Desk.Submit_Requeue_1 (Amount);
            accept Submit_Forward_1 (Amount : in out Integer) do
               requeue Ledger.Post;
            end Submit_Forward_1;
            goto Submit_Requeued;
         exception
            when Occurrence : others =>
               Desk.Submit_Failed (Occurrence);
               raise;
         end;
         Desk.Submit_Accept_End (Amount);
         <<Submit_Requeued>>
         null;
      end;
      Ledger.Open;
   end Desk_Agent;

   type Dropped_Entry is (Dropped_No_Entry, Dropped_Call);
   --  rdv2po: task Dropped became this protected object; its code runs in the
   --  task Dropped_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Dropped is
      entry Call;
      --  rdv2po: the rendezvous protocol, for Dropped_Agent
      entry Call_Accept_Begin;
      procedure Call_Accept_End;
      procedure Call_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Call_Queue;
      procedure Call_Requeue_1;
      procedure Close;
   private
      Chosen : Dropped_Entry := Dropped_No_Entry;
      Closed : Boolean := False;
      Call_Done : Boolean := False;
      Call_Raised : Boolean := False;
      Call_Failure : Ada.Exceptions.Exception_Occurrence;
      Call_Target : Natural := 0;
   end Dropped;
   task Dropped_Agent is
      --  rdv2po: general scheme agent of Dropped
      --  rdv2po: for the requeues whose target only this body sees
      entry Call_Forward_1;
   end Dropped_Agent;

   protected body Dropped is

      entry Call
        when Closed
          or else (Chosen = Dropped_No_Entry
                   and then Call_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Dropped_Call;
         Call_Done := False;
         requeue Call_Queue;
      end Call;

      entry Call_Accept_Begin
        when Chosen = Dropped_Call is
      begin
         Chosen := Dropped_No_Entry;
      end Call_Accept_Begin;

      procedure Call_Accept_End is
      begin
         Call_Done := True;
      end Call_Accept_End;

      procedure Call_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Call_Failure, Occurrence);
         Call_Raised := True;
         Call_Done := True;
      end Call_Failed;

      entry Call_Queue
        when Call_Done or else Closed is
      begin
         if not Call_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Call_Done := False;
         if Call_Raised then
            Call_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Call_Failure);
         end if;
         if Call_Target = 1 then
            Call_Target := 0;
            requeue Dropped_Agent.Call_Forward_1;
         end if;
      end Call_Queue;

      procedure Call_Requeue_1 is
      begin
         Call_Target := 1;
         Call_Done := True;
      end Call_Requeue_1;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Dropped;

   task body Dropped_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Dropped_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Dropped_Closer);
      overriding procedure Finalize (Object : in out Dropped_Closer) is
      begin
         Dropped.Close;
      end Finalize;
      Closer : Dropped_Closer;
      protected Never is
         entry Wait;
      end Never;

      protected body Never is
         entry Wait when False is
         begin
            null;
         end Wait;
      end Never;
   begin
      begin
         Dropped.Call_Accept_Begin;
         begin
            Dropped.Call_Requeue_1;
            accept Call_Forward_1 do
               requeue Never.Wait with abort;
            end Call_Forward_1;
            goto Call_Requeued;
         exception
            when Occurrence : others =>
               Dropped.Call_Failed (Occurrence);
               raise;
         end;
         Dropped.Call_Accept_End;
         <<Call_Requeued>>
         null;
      end;
   end Dropped_Agent;

   Amount : Integer := 4;
   --  A task type whose accept body requeues to a task of its own body.
   type Relay;
   type Relay_Entry is (Relay_No_Entry, Relay_Send);
   type Relay_Send_Tag_Access is access String;
   procedure Free_Send_Tag is new Ada.Unchecked_Deallocation
     (String,
      Relay_Send_Tag_Access);
   task type Relay_Agent (Self : not null access Relay; Base : Integer) is
      --  rdv2po: general scheme agent of Relay
      --  rdv2po: for the requeues whose target only this body sees
      entry Send_Forward_1 (Value : in out Integer; Tag : in String);
   end Relay_Agent;
   --  rdv2po: task type Relay became this protected type; its code runs in
   --  Relay_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Relay (Base : Integer) is
      entry Send (Value : in out Integer; Tag : String);
      --  rdv2po: the rendezvous protocol, for Relay_Agent
      entry Send_Accept_Begin (Value : out Integer);
      function Send_Tag_Value return String;
      procedure Send_Accept_End (Value : in Integer);
      procedure Send_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Send_Queue (Value : in out Integer; Tag : in String);
      procedure Send_Requeue_1 (Value : in Integer);
      procedure Close;
   private
      Chosen : Relay_Entry := Relay_No_Entry;
      Closed : Boolean := False;
      Send_Value : Integer;
      Send_Tag : Relay_Send_Tag_Access;
      Send_Done : Boolean := False;
      Send_Raised : Boolean := False;
      Send_Failure : Ada.Exceptions.Exception_Occurrence;
      Send_Target : Natural := 0;
      Agent : Relay_Agent (Self => Relay'Unchecked_Access, Base => Base);
   end Relay;

   protected body Relay is

      entry Send (Value : in out Integer; Tag : String)
        when Closed
          or else (Chosen = Relay_No_Entry
                   and then Send_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Relay_Send;
         Send_Value := Value;
         Send_Tag := new String'(Tag);
         Send_Done := False;
         requeue Send_Queue;
      end Send;

      entry Send_Accept_Begin (Value : out Integer)
        when Chosen = Relay_Send is
      begin
         Value := Send_Value;
         Chosen := Relay_No_Entry;
      end Send_Accept_Begin;

      function Send_Tag_Value return String is
      begin
         return Send_Tag.all;
      end Send_Tag_Value;

      procedure Send_Accept_End (Value : in Integer) is
      begin
         Send_Value := Value;
         Send_Done := True;
      end Send_Accept_End;

      procedure Send_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Send_Failure, Occurrence);
         Send_Raised := True;
         Send_Done := True;
      end Send_Failed;

      entry Send_Queue (Value : in out Integer; Tag : in String)
        when Send_Done or else Closed is
      begin
         if not Send_Done then
            Free_Send_Tag (Send_Tag);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Send_Done := False;
         if Send_Raised then
            Send_Raised := False;
            Free_Send_Tag (Send_Tag);
            Ada.Exceptions.Reraise_Occurrence (Send_Failure);
         end if;
         Value := Send_Value;
         Free_Send_Tag (Send_Tag);
         if Send_Target = 1 then
            Send_Target := 0;
            requeue Agent.Send_Forward_1;
         end if;
      end Send_Queue;

      procedure Send_Requeue_1 (Value : in Integer) is
      begin
         Send_Value := Value;
         Send_Target := 1;
         Send_Done := True;
      end Send_Requeue_1;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Relay;

   task body Relay_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Relay_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Relay_Closer);
      overriding procedure Finalize (Object : in out Relay_Closer) is
      begin
         Self.Close;
      end Finalize;
      type Helper_Entry is (Helper_No_Entry, Helper_Take);
      type Helper_Take_Tag_Access is access String;
      procedure Free_Take_Tag is new Ada.Unchecked_Deallocation
        (String,
         Helper_Take_Tag_Access);
      --  rdv2po: task Helper became this protected object; its code runs in
      --  the task Helper_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Helper is
         entry Take (Value : in out Integer; Tag : String);
         --  rdv2po: the rendezvous protocol, for Helper_Agent
         entry Take_Accept_Begin (Value : out Integer);
         function Take_Tag_Value return String;
         procedure Take_Accept_End (Value : in Integer);
         procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Take_Queue (Value : in out Integer; Tag : in String);
         procedure Close;
      private
         Chosen : Helper_Entry := Helper_No_Entry;
         Closed : Boolean := False;
         Take_Value : Integer;
         Take_Tag : Helper_Take_Tag_Access;
         Take_Done : Boolean := False;
         Take_Raised : Boolean := False;
         Take_Failure : Ada.Exceptions.Exception_Occurrence;
      end Helper;
      task Helper_Agent is
         --  rdv2po: general scheme agent of Helper
      end Helper_Agent;

      protected body Helper is

         entry Take (Value : in out Integer; Tag : String)
           when Closed
             or else (Chosen = Helper_No_Entry
                      and then Take_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Helper_Take;
            Take_Value := Value;
            Take_Tag := new String'(Tag);
            Take_Done := False;
            requeue Take_Queue;
         end Take;

         entry Take_Accept_Begin (Value : out Integer)
           when Chosen = Helper_Take is
         begin
            Value := Take_Value;
            Chosen := Helper_No_Entry;
         end Take_Accept_Begin;

         function Take_Tag_Value return String is
         begin
            return Take_Tag.all;
         end Take_Tag_Value;

         procedure Take_Accept_End (Value : in Integer) is
         begin
            Take_Value := Value;
            Take_Done := True;
         end Take_Accept_End;

         procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
            Take_Raised := True;
            Take_Done := True;
         end Take_Failed;

         entry Take_Queue (Value : in out Integer; Tag : in String)
           when Take_Done or else Closed is
         begin
            if not Take_Done then
               Free_Take_Tag (Take_Tag);
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Take_Done := False;
            if Take_Raised then
               Take_Raised := False;
               Free_Take_Tag (Take_Tag);
               Ada.Exceptions.Reraise_Occurrence (Take_Failure);
            end if;
            Value := Take_Value;
            Free_Take_Tag (Take_Tag);
         end Take_Queue;

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
      begin
         declare
            Value : Integer;
         begin
            Helper.Take_Accept_Begin (Value);
            declare
               Tag : constant String := Helper.Take_Tag_Value;
            begin
               begin
                  Value := Value + Base;
                  Put_Line ("helper took " & Tag);
               exception
                  when Occurrence : others =>
                     Helper.Take_Failed (Occurrence);
                     raise;
               end;
               Helper.Take_Accept_End (Value);
            end;
         end;
      end Helper_Agent;
   begin
      declare
         Closer : Relay_Closer;   --  closes on completion
      begin
         declare
            Value : Integer;
         begin
            Self.Send_Accept_Begin (Value);
            declare
               Tag : constant String := Self.Send_Tag_Value;
            begin
               begin
                  Value := Value * 2;
                  Self.Send_Requeue_1 (Value);
                  accept Send_Forward_1 (Value : in out Integer; Tag : in String) do
                     requeue Helper.Take;
                  end Send_Forward_1;
                  goto Send_Requeued;
               exception
                  when Occurrence : others =>
                     Self.Send_Failed (Occurrence);
                     raise;
               end;
               Self.Send_Accept_End (Value);
               <<Send_Requeued>>
               null;
            end;
         end;
      end;
   end Relay_Agent;

   Relays : array (1 .. 2) of Relay (Base => 1000);
   Value : Integer := 21;
begin
   for R in reverse Relays'Range loop
      Relays (R).Send (Value, "parcel" & Integer'Image (R));
      Put_Line ("relayed" & Integer'Image (Value));
   end loop;
   Desk.Submit (Amount);
   Put_Line ("posted, total" & Integer'Image (Amount));
   begin
      Dropped.Call;
      Put_Line ("Call returned");
   exception
      when Program_Error =>
         Put_Line ("Program_Error: the ledger went away with the call on it");
   end;
   Put_Line ("PASSED");
end Main;
