--  An order desk.  Intake creates one Messenger task per order and hands it
--  the order; each Messenger calls Desk.Input with an access to its own
--  copy and, once the call returns, checks what the workers wrote into it.
--  Desk stamps the order in its accept body and requeues it (with abort,
--  the parameter going along) to a worker: refunds to Refunder, sales to
--  Seller.  While Seller is overloaded (from its first sale to its third)
--  a routine sale is requeued instead to Desk's own entry Parked, which
--  Desk accepts only when the overload flag is clear; Parked's body
--  requeues the order on to Seller.  Intake calls Desk.Recheck once the
--  overload is over, so that Desk evaluates its guards again.  A problem
--  any task finds is counted and told on standard error.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Sale_Answer   : constant := 1;
   Refund_Answer : constant := 2;
   Sales         : constant := 5;

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
      procedure Clear;
      function Is_Set return Boolean;
   private
      Up : Boolean := False;
   end Flag;

   protected body Flag is
      procedure Set is
      begin
         Up := True;
      end Set;

      procedure Clear is
      begin
         Up := False;
      end Clear;

      function Is_Set return Boolean is
      begin
         return Up;
      end Is_Set;
   end Flag;

   Overloaded  : Flag;
   First_Taken : Flag;
   Refund_Done : Flag;

   protected Sales_Done is
      procedure Add;
      function Count return Natural;
   private
      Done : Natural := 0;
   end Sales_Done;

   protected body Sales_Done is
      procedure Add is
      begin
         Done := Done + 1;
      end Add;

      function Count return Natural is
      begin
         return Done;
      end Count;
   end Sales_Done;

   type Kind is (Sale, Refund);
   type Urgency is (Urgent, Routine);

   type Order;
   type Order_Ref is access Order;
   type Order is record
      Id      : Natural := 0;
      What    : Kind := Refund;
      Level   : Urgency := Urgent;
      Stamped : Boolean := False;
      Answer  : Integer := 0;
      Seen    : Natural := 0;
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

   type Desk_Entry is (Desk_No_Entry, Desk_Input, Desk_Parked, Desk_Recheck);
   type Desk_Alternative is record
      Id : Desk_Entry := Desk_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Desk_Alternative_List is array (Positive range <>) of Desk_Alternative;
   --  rdv2po: task Desk became this protected object; its code runs in the
   --  task Desk_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Desk is
      entry Input (O : Order_Ref);
      entry Parked (O : Order_Ref);
      entry Recheck;
      --  rdv2po: the rendezvous protocol, for Desk_Agent
      entry Select_Arm
        (Order_2 : Desk_Alternative_List;
         Chosen_Position : out Natural);
      entry Input_Held (O : Order_Ref);
      procedure Input_Woken (O : in Order_Ref);
      procedure Input_Take (O : out Order_Ref);
      procedure Input_Accept_End;
      procedure Input_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Input_Queue (O : in Order_Ref);
      procedure Input_Requeue_1;
      procedure Input_Requeue_2;
      procedure Input_Requeue_3;
      entry Parked_Held (O : Order_Ref);
      procedure Parked_Woken (O : in Order_Ref);
      procedure Parked_Take (O : out Order_Ref);
      procedure Parked_Accept_End;
      procedure Parked_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Parked_Queue (O : in Order_Ref);
      procedure Parked_Requeue_1;
      entry Recheck_Held;
      procedure Recheck_Woken;
      procedure Recheck_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order_2 : Desk_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Desk_Alternative);
      function Queued (Alternative : Desk_Alternative) return Boolean;
      function Position_Of (Alternative : Desk_Alternative) return Natural;
      Armed_List : Desk_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Desk_Entry := Desk_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Input_Armed : Boolean := False;
      Input_O : Order_Ref;
      Input_Done : Boolean := False;
      Input_Raised : Boolean := False;
      Input_Failure : Ada.Exceptions.Exception_Occurrence;
      Input_Target : Natural := 0;
      Parked_Armed : Boolean := False;
      Parked_O : Order_Ref;
      Parked_Done : Boolean := False;
      Parked_Raised : Boolean := False;
      Parked_Failure : Ada.Exceptions.Exception_Occurrence;
      Parked_Target : Natural := 0;
      Recheck_Armed : Boolean := False;
   end Desk;
   task Desk_Agent is
      --  rdv2po: general scheme agent of Desk
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Order_Ref);
      entry Wake_2 (Positive range 1 .. 3);
   end Desk_Agent;

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
      type Batch_Position is range 1 .. Sales + 1;
      Level : Urgency := Urgent;
   begin
      Intake.Start_Accept_Begin;
      for P in Batch_Position loop
         declare
            Carrier : constant Messenger_Ref := new Messenger;
            O       : constant Order_Ref := new Order;
         begin
            O.Id := Natural (P);
            if P = Batch_Position'Last then
               O.What := Refund;
               Carrier.Carry (O);
            elsif P = Batch_Position'First then
               O.What := Sale;
               Carrier.Carry (O);
               --  the other sales go out once Seller is overloaded
               while not First_Taken.Is_Set loop
                  delay 0.005;
               end loop;
            else
               if Level = Urgent then
                  Level := Routine;
               else
                  Level := Urgent;
               end if;
               O.What := Sale;
               O.Level := Level;
               Carrier.Carry (O);
            end if;
         end;
      end loop;
      while Overloaded.Is_Set loop
         delay 0.005;
      end loop;
      Desk.Recheck;
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
      Sent : Kind;
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
      Sent := Mine.What;
      Desk.Input (Mine);
      --  the requeued rendezvous is over: the worker has answered
      if Mine.What /= Sent or else not Mine.Stamped then
         Complain ("Messenger: order changed or not through the desk");
      end if;
      case Sent is
         when Sale =>
            if Mine.Answer /= Sale_Answer then
               Complain ("Messenger: wrong answer to a sale");
            end if;
            Sales_Done.Add;
         when Refund =>
            if Mine.Answer /= Refund_Answer or else Mine.Seen /= 1 then
               Complain ("Messenger: wrong answer to a refund");
            end if;
            Refund_Done.Set;
      end case;
   exception
      when others =>
         Complain ("Messenger: unexpected exception");
   end Messenger_Agent;

   protected body Desk is

      entry Input (O : Order_Ref)
        when Closed
          or else (Chosen = Desk_No_Entry
                   and then Input_Armed
                   and then Input_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Desk_Agent.Wake_1
              (Position_Of ((Id => Desk_Input, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Desk_Input, Index => 0));
         Input_Woken (O);
         requeue Input_Queue;
      end Input;

      entry Input_Held (O : Order_Ref)
        when Closed or else (Chosen = Desk_No_Entry and then Input_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Desk_Input, Index => 0));
         Input_Woken (O);
         requeue Input_Queue;
      end Input_Held;

      entry Parked (O : Order_Ref)
        when Closed
          or else (Chosen = Desk_No_Entry
                   and then Parked_Armed
                   and then Parked_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Desk_Agent.Wake_1
              (Position_Of ((Id => Desk_Parked, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Desk_Parked, Index => 0));
         Parked_Woken (O);
         requeue Parked_Queue;
      end Parked;

      entry Parked_Held (O : Order_Ref)
        when Closed or else (Chosen = Desk_No_Entry and then Parked_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Desk_Parked, Index => 0));
         Parked_Woken (O);
         requeue Parked_Queue;
      end Parked_Held;

      entry Recheck
        when Closed
          or else (Chosen = Desk_No_Entry
                   and then Recheck_Armed
                   and then Recheck_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Desk_Agent.Wake_2
              (Position_Of ((Id => Desk_Recheck, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Desk_Recheck, Index => 0));
         Recheck_Woken;
      end Recheck;

      entry Recheck_Held
        when Closed or else (Chosen = Desk_No_Entry and then Recheck_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Desk_Recheck, Index => 0));
         Recheck_Woken;
      end Recheck_Held;

      entry Select_Arm
        (Order_2 : Desk_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found_2 : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order_2'Range loop
            if Order_2 (K).Id /= Desk_No_Entry then
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
        (Order_2 : Desk_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Desk_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Input_Armed := False;
         Parked_Armed := False;
         Recheck_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Desk_Alternative) is
      begin
         case Alternative.Id is
            when Desk_Input =>
               Input_Armed := True;
            when Desk_Parked =>
               Parked_Armed := True;
            when Desk_Recheck =>
               Recheck_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Desk_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Desk_Input =>
               return Desk.Input'Count + Input_Held'Count > 0;
            when Desk_Parked =>
               return Desk.Parked'Count + Parked_Held'Count > 0;
            when Desk_Recheck =>
               return Desk.Recheck'Count + Recheck_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Desk_Alternative) return Natural is
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
         Chosen := Desk_No_Entry;
      end Input_Take;

      procedure Input_Woken (O : in Order_Ref) is
      begin
         Disarm;
         Chosen := Desk_Input;
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
         if Input_Target = 1 then
            Input_Target := 0;
            requeue Parked with abort;
         end if;
         if Input_Target = 2 then
            Input_Target := 0;
            requeue Seller.Input with abort;
         end if;
         if Input_Target = 3 then
            Input_Target := 0;
            requeue Refunder.Input with abort;
         end if;
      end Input_Queue;

      procedure Input_Requeue_1 is
      begin
         Input_Target := 1;
         Input_Done := True;
      end Input_Requeue_1;

      procedure Input_Requeue_2 is
      begin
         Input_Target := 2;
         Input_Done := True;
      end Input_Requeue_2;

      procedure Input_Requeue_3 is
      begin
         Input_Target := 3;
         Input_Done := True;
      end Input_Requeue_3;

      procedure Parked_Take (O : out Order_Ref) is
      begin
         O := Parked_O;
         Chosen := Desk_No_Entry;
      end Parked_Take;

      procedure Parked_Woken (O : in Order_Ref) is
      begin
         Disarm;
         Chosen := Desk_Parked;
         Parked_O := O;
         Parked_Done := False;
      end Parked_Woken;

      procedure Parked_Accept_End is
      begin
         Parked_Done := True;
      end Parked_Accept_End;

      procedure Parked_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Parked_Failure, Occurrence);
         Parked_Raised := True;
         Parked_Done := True;
      end Parked_Failed;

      entry Parked_Queue (O : in Order_Ref)
        when Parked_Done or else Closed is
      begin
         if not Parked_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Parked_Done := False;
         if Parked_Raised then
            Parked_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Parked_Failure);
         end if;
         if Parked_Target = 1 then
            Parked_Target := 0;
            requeue Seller.Input with abort;
         end if;
      end Parked_Queue;

      procedure Parked_Requeue_1 is
      begin
         Parked_Target := 1;
         Parked_Done := True;
      end Parked_Requeue_1;

      procedure Recheck_Take is
      begin
         Chosen := Desk_No_Entry;
      end Recheck_Take;

      procedure Recheck_Woken is
      begin
         Disarm;
         Chosen := Desk_Recheck;
      end Recheck_Woken;

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
   begin
      loop
         declare
            Alternatives : constant Desk_Alternative_List :=
              (1 => (Desk_Input, 0),
               2 => ((if not Overloaded.Is_Set then Desk_Parked else Desk_No_Entry), 0),
               3 => (Desk_Recheck, 0));
            Choice : Natural;
         begin
            Desk.Select_Arm
              (Order_2 => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Order_Ref) do
                     Desk.Input_Woken (Value_1);
                     requeue Desk.Input_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) (Value_1 : in Order_Ref) do
                     Desk.Parked_Woken (Value_1);
                     requeue Desk.Parked_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_2 (3) do
                     Desk.Recheck_Woken;
                  end Wake_2;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Order_Ref) do
                        requeue Desk.Input_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) (Value_1 : in Order_Ref) do
                        requeue Desk.Parked_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (3) do
                        requeue Desk.Recheck_Held with abort;
                     end Wake_2;
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
                     Desk.Input_Take (O);
                     begin
                        O.Stamped := True;
                        case O.What is
                           when Sale =>
                              if Overloaded.Is_Set and then O.Level = Routine then
                                 Desk.Input_Requeue_1;
                                 goto Input_Requeued;
                              else
                                 Desk.Input_Requeue_2;
                                 goto Input_Requeued;
                              end if;
                           when Refund =>
                              Desk.Input_Requeue_3;
                              goto Input_Requeued;
                        end case;
                     exception
                        when Occurrence : others =>
                           Desk.Input_Failed (Occurrence);
                           raise;
                     end;
                     Desk.Input_Accept_End;
                     <<Input_Requeued>>
                     null;
                  end;
               when 2 =>
                  declare
                     O : Order_Ref;
                  begin
                     Desk.Parked_Take (O);
                     begin
                        Desk.Parked_Requeue_1;
                        goto Parked_Requeued;
                     exception
                        when Occurrence : others =>
                           Desk.Parked_Failed (Occurrence);
                           raise;
                     end;
                     Desk.Parked_Accept_End;
                     <<Parked_Requeued>>
                     null;
                  end;
               when 3 =>
                  Desk.Recheck_Take;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when others =>
         Complain ("Desk: unexpected exception");
   end Desk_Agent;

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
              (Position_Of ((Id => Seller_Input, Index => 0))) with abort;
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
                        requeue Seller.Input_Held with abort;
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
                        if Overloaded.Is_Set and then O.Level = Routine then
                           Complain ("Seller: a routine sale during the overload");
                        end if;
                        if O.What /= Sale then
                           Complain ("Seller: a refund in the sales queue");
                        end if;
                        O.Answer := Sale_Answer;
                        Taken := Taken + 1;
                        if Taken = 1 then
                           Overloaded.Set;
                           First_Taken.Set;
                        elsif Taken = 3 then
                           --  the first sale and both urgent ones are served
                           Overloaded.Clear;
                        end if;
                     exception
                        when Occurrence : others =>
                           Seller.Input_Failed (Occurrence);
                           raise;
                     end;
                     Seller.Input_Accept_End;
                  end;
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
              (Position_Of ((Id => Refunder_Input, Index => 0))) with abort;
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
                        requeue Refunder.Input_Held with abort;
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
                        if O.What /= Refund then
                           Complain ("Refunder: a sale in the refund queue");
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
   while Sales_Done.Count < Sales or else not Refund_Done.Is_Set loop
      delay 0.005;
   end loop;
   Put_Line ("sales answered:" & Natural'Image (Sales_Done.Count));
   Put_Line ("refund answered: " & Boolean'Image (Refund_Done.Is_Set));
   Put_Line ("problems:" & Natural'Image (Trouble.Count));
   if Trouble.Count = 0 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
