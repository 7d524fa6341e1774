--  A call requeued without abort is no longer abortable: Intake aborts the
--  Messenger whose sale Desk has requeued to Seller while Seller is inside
--  that accept body.  The abort must wait until the rendezvous is over
--  (RM 9.8(8)): Intake checks, while Seller still holds the call, that the
--  Messenger has not terminated, then lets Seller finish and waits for the
--  Messenger to go.  Desk, which requeued the call, must be unaffected: a
--  refund sent afterwards still goes through it to Refunder.  Seller and
--  Intake hand over by protected flags; a problem any task finds is counted
--  and told on standard error.

with Ada.Task_Identification;
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Sale_Answer   : constant := 1;
   Refund_Answer : constant := 2;

   protected Trouble is
      procedure Note;
      function Count return Natural;
   private
      Found : Natural := 0;
   end Trouble;

   protected body Trouble is
      procedure Note is
      begin
         Found := Found + 1;
      end Note;

      function Count return Natural is
      begin
         return Found;
      end Count;
   end Trouble;

   procedure Complain (What : String) is
   begin
      Trouble.Note;
      Put_Line (Standard_Error, What);
   end Complain;

   protected type Flag is
      procedure Set;
      function Is_Set return Boolean;
   private
      Up : Boolean := False;
   end Flag;

   protected body Flag is
      procedure Set is
      begin
         Up := True;
      end Set;

      function Is_Set return Boolean is
      begin
         return Up;
      end Is_Set;
   end Flag;

   procedure Wait_For (F : Flag) is
   begin
      while not F.Is_Set loop
         delay 0.005;
      end loop;
   end Wait_For;

   --  the hand-over between Intake and Seller's accept body, in order
   In_Body     : Flag;
   Abort_Sent  : Flag;
   Still_There : Flag;
   Checked     : Flag;
   Body_Left   : Flag;
   --  what Main waits for and reports
   Caller_Gone : Flag;
   Refund_Done : Flag;
   Ended_Early : Flag;

   type Kind is (Sale, Refund);

   type Order;
   type Order_Ref is access Order;
   type Order is record
      Id          : Natural := 0;
      What        : Kind := Refund;
      Passed_Desk : Boolean := False;
      Answer      : Integer := 0;
      Seen        : Natural := 0;
   end record;

   type Messenger;
   type Messenger_Entry is (Messenger_No_Entry, Messenger_Carry);
   task type Messenger_Agent (Self : not null access Messenger) is
      --  rdv2po: general scheme agent of Messenger
   end Messenger_Agent;
   --  rdv2po: task type Messenger became this protected type; its code runs in
   --  Messenger_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Messenger is
      entry Carry (O : Order_Ref);
      --  rdv2po: the rendezvous protocol, for Messenger_Agent
      entry Carry_Accept_Begin (O : out Order_Ref);
      procedure Carry_Accept_End;
      procedure Carry_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Carry_Queue (O : in Order_Ref);
      function Agent_Terminated return Boolean;
      function Agent_Identity return Ada.Task_Identification.Task_Id;
      procedure Close;
   private
      Chosen : Messenger_Entry := Messenger_No_Entry;
      Closed : Boolean := False;
      Carry_O : Order_Ref;
      Carry_Done : Boolean := False;
      Carry_Raised : Boolean := False;
      Carry_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Messenger_Agent (Self => Messenger'Unchecked_Access);
   end Messenger;
   type Messenger_Ref is access Messenger;

   type Intake_Entry is (Intake_No_Entry, Intake_Start);
   --  rdv2po: task Intake became this protected object; its code runs in the
   --  task Intake_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Intake is
      entry Start;
      --  rdv2po: the rendezvous protocol, for Intake_Agent
      entry Start_Accept_Begin;
      procedure Close;
   private
      Chosen : Intake_Entry := Intake_No_Entry;
      Closed : Boolean := False;
   end Intake;
   task Intake_Agent is
      --  rdv2po: general scheme agent of Intake
   end Intake_Agent;

   task Desk is
      entry Input (O : Order_Ref);
   end Desk;

   type Seller_Entry is (Seller_No_Entry, Seller_Input);
   type Seller_Alternative is record
      Id : Seller_Entry := Seller_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Seller_Alternative_List is array (Positive range <>) of Seller_Alternative;
   --  rdv2po: task Seller became this protected object; its code runs in the
   --  task Seller_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Seller is
      entry Input (O : Order_Ref);
      --  rdv2po: the rendezvous protocol, for Seller_Agent
      entry Select_Arm
        (Order_2 : Seller_Alternative_List;
         Chosen_Position : out Natural);
      entry Input_Held (O : Order_Ref);
      procedure Input_Woken (O : in Order_Ref);
      procedure Input_Take (O : out Order_Ref);
      procedure Input_Accept_End;
      procedure Input_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Input_Queue (O : in Order_Ref);
      procedure Close;
   private
      entry Select_Wait
        (Order_2 : Seller_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Seller_Alternative);
      function Queued (Alternative : Seller_Alternative) return Boolean;
      function Position_Of (Alternative : Seller_Alternative) return Natural;
      Armed_List : Seller_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Seller_Entry := Seller_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Input_Armed : Boolean := False;
      Input_O : Order_Ref;
      Input_Done : Boolean := False;
      Input_Raised : Boolean := False;
      Input_Failure : Ada.Exceptions.Exception_Occurrence;
   end Seller;
   task Seller_Agent is
      --  rdv2po: general scheme agent of Seller
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Order_Ref);
   end Seller_Agent;

   type Refunder_Entry is (Refunder_No_Entry, Refunder_Input);
   type Refunder_Alternative is record
      Id : Refunder_Entry := Refunder_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Refunder_Alternative_List is array (Positive range <>) of Refunder_Alternative;
   --  rdv2po: task Refunder became this protected object; its code runs in the
   --  task Refunder_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Refunder is
      entry Input (O : Order_Ref);
      --  rdv2po: the rendezvous protocol, for Refunder_Agent
      entry Select_Arm
        (Order_2 : Refunder_Alternative_List;
         Chosen_Position : out Natural);
      entry Input_Held (O : Order_Ref);
      procedure Input_Woken (O : in Order_Ref);
      procedure Input_Take (O : out Order_Ref);
      procedure Input_Accept_End;
      procedure Input_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Input_Queue (O : in Order_Ref);
      procedure Close;
   private
      entry Select_Wait
        (Order_2 : Refunder_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Refunder_Alternative);
      function Queued (Alternative : Refunder_Alternative) return Boolean;
      function Position_Of (Alternative : Refunder_Alternative) return Natural;
      Armed_List : Refunder_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Refunder_Entry := Refunder_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Input_Armed : Boolean := False;
      Input_O : Order_Ref;
      Input_Done : Boolean := False;
      Input_Raised : Boolean := False;
      Input_Failure : Ada.Exceptions.Exception_Occurrence;
   end Refunder;
   task Refunder_Agent is
      --  rdv2po: general scheme agent of Refunder
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Order_Ref);
   end Refunder_Agent;

   protected body Intake is

      entry Start
        when Closed
          or else (Chosen = Intake_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Intake_Start;
      end Start;

      entry Start_Accept_Begin
        when Chosen = Intake_Start is
      begin
         Chosen := Intake_No_Entry;
      end Start_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Intake;

   task body Intake_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Intake_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Intake_Closer);
      overriding procedure Finalize (Object : in out Intake_Closer) is
      begin
         Intake.Close;
      end Finalize;
      Closer : Intake_Closer;
      Next_Id : Natural := 0;

      procedure Fill (O : Order_Ref; What : Kind) is
      begin
         Next_Id := Next_Id + 1;
         O.Id := Next_Id;
         O.What := What;
      end Fill;

   begin
      Intake.Start_Accept_Begin;

      --  a sale whose messenger is aborted while Seller serves it
      declare
         O      : constant Order_Ref := new Order;
         Victim : constant Messenger_Ref := new Messenger;
      begin
         Fill (O, Sale);
         Victim.Carry (O);
         Wait_For (In_Body);
         Ada.Task_Identification.Abort_Task (Victim.all.Agent_Identity);
         Victim.all.Close;
         Abort_Sent.Set;
         Wait_For (Still_There);
         if Victim.Agent_Terminated then
            Ended_Early.Set;
         end if;
         Checked.Set;
         Wait_For (Body_Left);
         while not Victim.Agent_Terminated loop
            delay 0.005;
         end loop;
         Caller_Gone.Set;
      end;

      --  a refund, through the same Desk
      declare
         O       : constant Order_Ref := new Order;
         Carrier : constant Messenger_Ref := new Messenger;
      begin
         Fill (O, Refund);
         Carrier.Carry (O);
      end;
   exception
      when others =>
         Complain ("Intake: unexpected exception");
   end Intake_Agent;

   protected body Messenger is

      entry Carry (O : Order_Ref)
        when Closed
          or else (Chosen = Messenger_No_Entry
                   and then Carry_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Messenger_Carry;
         Carry_O := O;
         Carry_Done := False;
         requeue Carry_Queue;
      end Carry;

      entry Carry_Accept_Begin (O : out Order_Ref)
        when Chosen = Messenger_Carry is
      begin
         O := Carry_O;
         Chosen := Messenger_No_Entry;
      end Carry_Accept_Begin;

      procedure Carry_Accept_End is
      begin
         Carry_Done := True;
      end Carry_Accept_End;

      procedure Carry_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Carry_Failure, Occurrence);
         Carry_Raised := True;
         Carry_Done := True;
      end Carry_Failed;

      entry Carry_Queue (O : in Order_Ref)
        when Carry_Done or else Closed is
      begin
         if not Carry_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Carry_Done := False;
         if Carry_Raised then
            Carry_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Carry_Failure);
         end if;
      end Carry_Queue;

      function Agent_Terminated return Boolean is
      begin
         return Agent'Terminated;
      end Agent_Terminated;

      function Agent_Identity return Ada.Task_Identification.Task_Id is
      begin
         return Agent'Identity;
      end Agent_Identity;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Messenger;

   task body Messenger_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Messenger_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Messenger_Closer);
      overriding procedure Finalize (Object : in out Messenger_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Messenger_Closer;
      Mine : constant Order_Ref := new Order;
   begin
      declare
         O : Order_Ref;
      begin
         Self.Carry_Accept_Begin (O);
         begin
            Mine.all := O.all;
         exception
            when Occurrence : others =>
               Self.Carry_Failed (Occurrence);
               raise;
         end;
         Self.Carry_Accept_End;
      end;
      Desk.Input (Mine);
      case Mine.What is
         when Sale =>
            Complain ("Messenger: the aborted caller went on");
         when Refund =>
            if Mine.Answer /= Refund_Answer
              or else Mine.Seen /= 1
              or else not Mine.Passed_Desk
            then
               Complain ("Messenger: wrong answer to a refund");
            end if;
            Refund_Done.Set;
      end case;
   exception
      when others =>
         Complain ("Messenger: unexpected exception");
   end Messenger_Agent;

   task body Desk is
   begin
      loop
         select
            accept Input (O : Order_Ref) do
               O.Passed_Desk := True;
               case O.What is
                  when Sale =>
                     requeue Seller.Input;
                  when Refund =>
                     requeue Refunder.Input;
               end case;
            end Input;
         or
            terminate;
         end select;
      end loop;
   exception
      when others =>
         Complain ("Desk: unexpected exception");
   end Desk;

   protected body Seller is

      entry Input (O : Order_Ref)
        when Closed
          or else (Chosen = Seller_No_Entry
                   and then Input_Armed
                   and then Input_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Seller_Agent.Wake_1
              (Position_Of ((Id => Seller_Input, Index => 0)));
         end if;
         Position := Position_Of ((Id => Seller_Input, Index => 0));
         Input_Woken (O);
         requeue Input_Queue;
      end Input;

      entry Input_Held (O : Order_Ref)
        when Closed or else (Chosen = Seller_No_Entry and then Input_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Seller_Input, Index => 0));
         Input_Woken (O);
         requeue Input_Queue;
      end Input_Held;

      entry Select_Arm
        (Order_2 : Seller_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found_2 : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order_2'Range loop
            if Order_2 (K).Id /= Seller_No_Entry then
               if Found_2 = 0 and then Queued (Order_2 (K)) then
                  Found_2 := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found_2 /= 0 then
            Armed_List (1 .. Found_2) := Order_2 (Order_2'First .. Order_2'First + Found_2 - 1);
            Armed_Last := Found_2;
            Arm (Order_2 (Found_2));
         else
            Armed_List (1 .. Order_2'Length) := Order_2;
            Armed_Last := Order_2'Length;
            for K in Order_2'Range loop
               Arm (Order_2 (K));
            end loop;
         end if;
         Via_Wake := Found_2 = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order_2 : Seller_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Seller_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Input_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Seller_Alternative) is
      begin
         case Alternative.Id is
            when Seller_Input =>
               Input_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Seller_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Seller_Input =>
               return Seller.Input'Count + Input_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Seller_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Input_Take (O : out Order_Ref) is
      begin
         O := Input_O;
         Chosen := Seller_No_Entry;
      end Input_Take;

      procedure Input_Woken (O : in Order_Ref) is
      begin
         Disarm;
         Chosen := Seller_Input;
         Input_O := O;
         Input_Done := False;
      end Input_Woken;

      procedure Input_Accept_End is
      begin
         Input_Done := True;
      end Input_Accept_End;

      procedure Input_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Input_Failure, Occurrence);
         Input_Raised := True;
         Input_Done := True;
      end Input_Failed;

      entry Input_Queue (O : in Order_Ref)
        when Input_Done or else Closed is
      begin
         if not Input_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Input_Done := False;
         if Input_Raised then
            Input_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Input_Failure);
         end if;
      end Input_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Seller;

   task body Seller_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Seller_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Seller_Closer);
      overriding procedure Finalize (Object : in out Seller_Closer) is
      begin
         Seller.Close;
      end Finalize;
      Closer : Seller_Closer;
      Taken : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Seller_Alternative_List :=
              (1 => (Seller_Input, 0));
            Choice : Natural;
         begin
            Seller.Select_Arm
              (Order_2 => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Order_Ref) do
                     Seller.Input_Woken (Value_1);
                     requeue Seller.Input_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Order_Ref) do
                        requeue Seller.Input_Held;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     O : Order_Ref;
                  begin
                     Seller.Input_Take (O);
                     begin
                        if not O.Passed_Desk or else O.What /= Sale then
                           Complain ("Seller: an order that is not a sale from the desk");
                        end if;
                        O.Answer := Sale_Answer;
                        Taken := Taken + 1;
                        In_Body.Set;
                        --  the caller is being aborted now; the rendezvous goes on
                        while not Abort_Sent.Is_Set loop
                           delay 0.005;
                        end loop;
                        Still_There.Set;
                        while not Checked.Is_Set loop
                           delay 0.005;
                        end loop;
                     exception
                        when Occurrence : others =>
                           Seller.Input_Failed (Occurrence);
                           raise;
                     end;
                     Seller.Input_Accept_End;
                  end;
                  Body_Left.Set;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when others =>
         Complain ("Seller: unexpected exception");
   end Seller_Agent;

   protected body Refunder is

      entry Input (O : Order_Ref)
        when Closed
          or else (Chosen = Refunder_No_Entry
                   and then Input_Armed
                   and then Input_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Refunder_Agent.Wake_1
              (Position_Of ((Id => Refunder_Input, Index => 0)));
         end if;
         Position := Position_Of ((Id => Refunder_Input, Index => 0));
         Input_Woken (O);
         requeue Input_Queue;
      end Input;

      entry Input_Held (O : Order_Ref)
        when Closed or else (Chosen = Refunder_No_Entry and then Input_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Refunder_Input, Index => 0));
         Input_Woken (O);
         requeue Input_Queue;
      end Input_Held;

      entry Select_Arm
        (Order_2 : Refunder_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found_2 : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order_2'Range loop
            if Order_2 (K).Id /= Refunder_No_Entry then
               if Found_2 = 0 and then Queued (Order_2 (K)) then
                  Found_2 := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found_2 /= 0 then
            Armed_List (1 .. Found_2) := Order_2 (Order_2'First .. Order_2'First + Found_2 - 1);
            Armed_Last := Found_2;
            Arm (Order_2 (Found_2));
         else
            Armed_List (1 .. Order_2'Length) := Order_2;
            Armed_Last := Order_2'Length;
            for K in Order_2'Range loop
               Arm (Order_2 (K));
            end loop;
         end if;
         Via_Wake := Found_2 = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order_2 : Refunder_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Refunder_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Input_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Refunder_Alternative) is
      begin
         case Alternative.Id is
            when Refunder_Input =>
               Input_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Refunder_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Refunder_Input =>
               return Refunder.Input'Count + Input_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Refunder_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Input_Take (O : out Order_Ref) is
      begin
         O := Input_O;
         Chosen := Refunder_No_Entry;
      end Input_Take;

      procedure Input_Woken (O : in Order_Ref) is
      begin
         Disarm;
         Chosen := Refunder_Input;
         Input_O := O;
         Input_Done := False;
      end Input_Woken;

      procedure Input_Accept_End is
      begin
         Input_Done := True;
      end Input_Accept_End;

      procedure Input_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Input_Failure, Occurrence);
         Input_Raised := True;
         Input_Done := True;
      end Input_Failed;

      entry Input_Queue (O : in Order_Ref)
        when Input_Done or else Closed is
      begin
         if not Input_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Input_Done := False;
         if Input_Raised then
            Input_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Input_Failure);
         end if;
      end Input_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Refunder;

   task body Refunder_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Refunder_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Refunder_Closer);
      overriding procedure Finalize (Object : in out Refunder_Closer) is
      begin
         Refunder.Close;
      end Finalize;
      Closer : Refunder_Closer;
      Taken : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Refunder_Alternative_List :=
              (1 => (Refunder_Input, 0));
            Choice : Natural;
         begin
            Refunder.Select_Arm
              (Order_2 => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Order_Ref) do
                     Refunder.Input_Woken (Value_1);
                     requeue Refunder.Input_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Order_Ref) do
                        requeue Refunder.Input_Held;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     O : Order_Ref;
                  begin
                     Refunder.Input_Take (O);
                     begin
                        if not O.Passed_Desk or else O.What /= Refund then
                           Complain ("Refunder: an order that is not a refund from the desk");
                        end if;
                        O.Answer := Refund_Answer;
                        Taken := Taken + 1;
                        O.Seen := Taken;
                     exception
                        when Occurrence : others =>
                           Refunder.Input_Failed (Occurrence);
                           raise;
                     end;
                     Refunder.Input_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when others =>
         Complain ("Refunder: unexpected exception");
   end Refunder_Agent;

begin
   Intake.Start;
   Wait_For (Caller_Gone);
   Wait_For (Refund_Done);
   Put_Line ("aborted caller ended during the rendezvous: " & Boolean'Image (Ended_Early.Is_Set));
   Put_Line ("aborted caller gone after it: " & Boolean'Image (Caller_Gone.Is_Set));
   Put_Line ("refund through the same desk: " & Boolean'Image (Refund_Done.Is_Set));
   Put_Line ("problems:" & Natural'Image (Trouble.Count));
   if Trouble.Count = 0 and then not Ended_Early.Is_Set then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
