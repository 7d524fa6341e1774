-- C954012.A  (ACATS 4, Grant of Unlimited Rights; header shortened)
--
-- OBJECTIVE:
--     Check a requeue within an accept body to another entry in the same task
--     Specifically, check a call with parameters and a requeue with abort.
--
-- CHANGE HISTORY:
--      06 Dec 94   SAIC    ACVC 2.0
--      25 Nov 95   SAIC    Fixed shared global variable problem for
--                          ACVC 2.0.1
--      14 Mar 03   RLB     Fixed a race condition and an incorrect termination
--                          condition in the test.
--      (rdv2po acceptance: unchanged apart from this header)
--!

with Ada.Exceptions;
with Ada.Finalization;
with Report;
with ImpDef;
with Ada.Calendar;

procedure C954012 is

   function "=" (X,Y: Ada.Calendar.Time) return Boolean
                                                   renames Ada.Calendar."=";

   -- Arbitrary test values
   Credit_Return : constant := 1;
   Debit_Return  : constant := 2;

   Base_Time : Ada.Calendar.Time := Ada.Calendar.Time_of(1959,3,9);


   -- Mechanism to count the number of Credit Message tasks completed
   protected TC_Tasks_Completed is
      procedure Increment;
      function  Count return integer;
   private
      Number_Complete : integer := 0;
   end TC_Tasks_Completed;

   protected type Shared_Boolean (Initial_Value : Boolean := False) is
      procedure Set_True;
      procedure Set_False;
      function  Value return Boolean;
   private
      Current_Value : Boolean := Initial_Value;
   end Shared_Boolean;

   protected body Shared_Boolean is
      procedure Set_True is
      begin
         Current_Value := True;
      end Set_True;

      procedure Set_False is
      begin
         Current_Value := False;
      end Set_False;

      function Value return Boolean is
      begin
         return Current_Value;
      end Value;
   end Shared_Boolean;

   TC_Debit_Message_Complete    : Shared_Boolean (False);
   -- Handshaking mechanism between the Line Driver and the Credit task
   TC_First_Message_Has_Arrived : Shared_Boolean (False);
   Credit_Overloaded : Shared_Boolean (False);

   TC_Credit_Messages_Expected  : constant integer := 5;

   type Transaction_Code is (Credit, Debit);
   type Transaction_Priority is (High, Low);

   type Transaction_Record;
   type acc_Transaction_Record is access Transaction_Record;
   type Transaction_Record is
      record
         ID               : integer := 0;
         Code             : Transaction_Code := Debit;
         Priority         : Transaction_Priority := High;
         Account_Number   : integer := 0;
         Stock_Number     : integer := 0;
         Quantity         : integer := 0;
         Return_Value     : integer := 0;
         Message_Count    : integer := 0;          -- for test
         Time_Stamp       : Ada.Calendar.Time := Base_Time;
      end record;


   type Message_Task;
   type Message_Task_Entry is
     (Message_Task_No_Entry,
      Message_Task_Accept_Transaction);
   task type Message_Task_Agent (Self : not null access Message_Task) is
      --  rdv2po: general scheme agent of Message_Task
   end Message_Task_Agent;
   --  rdv2po: task type Message_Task became this protected type; its code runs
   --  in Message_Task_Agent, a component of it (general scheme: each
   --  rendezvous goes through the object)
   protected type Message_Task is
      entry Accept_Transaction (In_Transaction : acc_Transaction_Record);
      --  rdv2po: the rendezvous protocol, for Message_Task_Agent
      entry Accept_Transaction_Accept_Begin (In_Transaction : out acc_Transaction_Record);
      procedure Accept_Transaction_Accept_End;
      procedure Accept_Transaction_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Accept_Transaction_Queue (In_Transaction : in acc_Transaction_Record);
      procedure Close;
   private
      Chosen : Message_Task_Entry := Message_Task_No_Entry;
      Closed : Boolean := False;
      Accept_Transaction_In_Transaction : acc_Transaction_Record;
      Accept_Transaction_Done : Boolean := False;
      Accept_Transaction_Raised : Boolean := False;
      Accept_Transaction_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Message_Task_Agent (Self => Message_Task'Unchecked_Access);
   end Message_Task;
   type acc_Message_Task is access Message_Task;

   type Line_Driver_Entry is (Line_Driver_No_Entry, Line_Driver_Start);
   --  rdv2po: task Line_Driver became this protected object; its code runs in
   --  the task Line_Driver_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Line_Driver is
      entry Start;
      --  rdv2po: the rendezvous protocol, for Line_Driver_Agent
      entry Start_Accept_Begin;
      procedure Close;
   private
      Chosen : Line_Driver_Entry := Line_Driver_No_Entry;
      Closed : Boolean := False;
   end Line_Driver;
   task Line_Driver_Agent is
      --  rdv2po: general scheme agent of Line_Driver
   end Line_Driver_Agent;

   type Distributor_Entry is
     (Distributor_No_Entry,
      Distributor_Input,
      Distributor_Wait_for_Underload,
      Distributor_TC_Credit_OK);
   type Distributor_Alternative is record
      Id : Distributor_Entry := Distributor_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Distributor_Alternative_List is array (Positive range <>) of Distributor_Alternative;
   --  rdv2po: task Distributor became this protected object; its code runs in
   --  the task Distributor_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Distributor is
      entry Input (Transaction : acc_Transaction_Record);
      entry Wait_for_Underload (Transaction : acc_Transaction_Record);
      entry TC_Credit_OK;
      --  rdv2po: the rendezvous protocol, for Distributor_Agent
      entry Select_Arm
        (Order : Distributor_Alternative_List;
         Chosen_Position : out Natural);
      entry Input_Held (Transaction : acc_Transaction_Record);
      procedure Input_Woken (Transaction : in acc_Transaction_Record);
      procedure Input_Take (Transaction : out acc_Transaction_Record);
      procedure Input_Accept_End;
      procedure Input_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Input_Queue (Transaction : in acc_Transaction_Record);
      procedure Input_Requeue_1;
      procedure Input_Requeue_2;
      procedure Input_Requeue_3;
      entry Wait_for_Underload_Held (Transaction : acc_Transaction_Record);
      procedure Wait_for_Underload_Woken (Transaction : in acc_Transaction_Record);
      procedure Wait_for_Underload_Take (Transaction : out acc_Transaction_Record);
      procedure Wait_for_Underload_Accept_End;
      procedure Wait_for_Underload_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Wait_for_Underload_Queue (Transaction : in acc_Transaction_Record);
      procedure Wait_for_Underload_Requeue_1;
      entry TC_Credit_OK_Held;
      procedure TC_Credit_OK_Woken;
      procedure TC_Credit_OK_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Distributor_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Distributor_Alternative);
      function Queued (Alternative : Distributor_Alternative) return Boolean;
      function Position_Of (Alternative : Distributor_Alternative) return Natural;
      Armed_List : Distributor_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Distributor_Entry := Distributor_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Input_Armed : Boolean := False;
      Input_Transaction : acc_Transaction_Record;
      Input_Done : Boolean := False;
      Input_Raised : Boolean := False;
      Input_Failure : Ada.Exceptions.Exception_Occurrence;
      Input_Target : Natural := 0;
      Wait_for_Underload_Armed : Boolean := False;
      Wait_for_Underload_Transaction : acc_Transaction_Record;
      Wait_for_Underload_Done : Boolean := False;
      Wait_for_Underload_Raised : Boolean := False;
      Wait_for_Underload_Failure : Ada.Exceptions.Exception_Occurrence;
      Wait_for_Underload_Target : Natural := 0;
      TC_Credit_OK_Armed : Boolean := False;
   end Distributor;
   task Distributor_Agent is
      --  rdv2po: general scheme agent of Distributor
      entry Wake_1 (Positive range 1 .. 3)
        (Value_1 : in acc_Transaction_Record);
      entry Wake_2 (Positive range 1 .. 3);
   end Distributor_Agent;

   type Credit_Computation_Entry is
     (Credit_Computation_No_Entry,
      Credit_Computation_Input);
   type Credit_Computation_Alternative is record
      Id : Credit_Computation_Entry := Credit_Computation_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Credit_Computation_Alternative_List is array (Positive range <>) of Credit_Computation_Alternative;
   --  rdv2po: task Credit_Computation became this protected object; its code
   --  runs in the task Credit_Computation_Agent, declared after it (general
   --  scheme: each rendezvous goes through the object)
   protected Credit_Computation is
      entry Input(Transaction : acc_Transaction_Record);
      --  rdv2po: the rendezvous protocol, for Credit_Computation_Agent
      entry Select_Arm
        (Order : Credit_Computation_Alternative_List;
         Chosen_Position : out Natural);
      entry Input_Held (Transaction : acc_Transaction_Record);
      procedure Input_Woken (Transaction : in acc_Transaction_Record);
      procedure Input_Take (Transaction : out acc_Transaction_Record);
      procedure Input_Accept_End;
      procedure Input_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Input_Queue (Transaction : in acc_Transaction_Record);
      procedure Close;
   private
      entry Select_Wait
        (Order : Credit_Computation_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Credit_Computation_Alternative);
      function Queued (Alternative : Credit_Computation_Alternative) return Boolean;
      function Position_Of (Alternative : Credit_Computation_Alternative) return Natural;
      Armed_List : Credit_Computation_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Credit_Computation_Entry := Credit_Computation_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Input_Armed : Boolean := False;
      Input_Transaction : acc_Transaction_Record;
      Input_Done : Boolean := False;
      Input_Raised : Boolean := False;
      Input_Failure : Ada.Exceptions.Exception_Occurrence;
   end Credit_Computation;
   task Credit_Computation_Agent is
      --  rdv2po: general scheme agent of Credit_Computation
      entry Wake_1 (Positive range 1 .. 1)
        (Value_1 : in acc_Transaction_Record);
   end Credit_Computation_Agent;

   type Debit_Computation_Entry is
     (Debit_Computation_No_Entry,
      Debit_Computation_Input);
   type Debit_Computation_Alternative is record
      Id : Debit_Computation_Entry := Debit_Computation_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Debit_Computation_Alternative_List is array (Positive range <>) of Debit_Computation_Alternative;
   --  rdv2po: task Debit_Computation became this protected object; its code
   --  runs in the task Debit_Computation_Agent, declared after it (general
   --  scheme: each rendezvous goes through the object)
   protected Debit_Computation is
      entry Input(Transaction : acc_Transaction_Record);
      --  rdv2po: the rendezvous protocol, for Debit_Computation_Agent
      entry Select_Arm
        (Order : Debit_Computation_Alternative_List;
         Chosen_Position : out Natural);
      entry Input_Held (Transaction : acc_Transaction_Record);
      procedure Input_Woken (Transaction : in acc_Transaction_Record);
      procedure Input_Take (Transaction : out acc_Transaction_Record);
      procedure Input_Accept_End;
      procedure Input_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Input_Queue (Transaction : in acc_Transaction_Record);
      procedure Close;
   private
      entry Select_Wait
        (Order : Debit_Computation_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Debit_Computation_Alternative);
      function Queued (Alternative : Debit_Computation_Alternative) return Boolean;
      function Position_Of (Alternative : Debit_Computation_Alternative) return Natural;
      Armed_List : Debit_Computation_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Debit_Computation_Entry := Debit_Computation_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Input_Armed : Boolean := False;
      Input_Transaction : acc_Transaction_Record;
      Input_Done : Boolean := False;
      Input_Raised : Boolean := False;
      Input_Failure : Ada.Exceptions.Exception_Occurrence;
   end Debit_Computation;
   task Debit_Computation_Agent is
      --  rdv2po: general scheme agent of Debit_Computation
      entry Wake_1 (Positive range 1 .. 1)
        (Value_1 : in acc_Transaction_Record);
   end Debit_Computation_Agent;


   -- Mechanism to count the number of Message tasks completed (Credit)
   protected body TC_Tasks_Completed is
      procedure Increment is
      begin
         Number_Complete := Number_Complete + 1;
      end Increment;

      function Count return integer is
      begin
         return Number_Complete;
      end Count;
   end TC_Tasks_Completed;


   protected body Line_Driver is

      entry Start
        when Closed
          or else (Chosen = Line_Driver_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Line_Driver_Start;
      end Start;

      entry Start_Accept_Begin
        when Chosen = Line_Driver_Start is
      begin
         Chosen := Line_Driver_No_Entry;
      end Start_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Line_Driver;

   task body Line_Driver_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Line_Driver_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Line_Driver_Closer);
      overriding procedure Finalize (Object : in out Line_Driver_Closer) is
      begin
         Line_Driver.Close;
      end Finalize;
      Closer : Line_Driver_Closer;
      Current_ID       : integer := 1;
      Current_Priority : Transaction_Priority := High;

      -- Artificial: number of messages required for this test
      type TC_Trans_Range is range 1..6;

      procedure Build_Credit_Record
                              ( Next_Transaction : acc_Transaction_Record ) is
         Dummy_Account : constant integer := 100;
      begin
            Next_Transaction.ID := Current_ID;
            Next_Transaction.Code := Credit;
            Next_Transaction.Priority := Current_Priority;

            Next_Transaction.Account_Number := Dummy_Account;
            Current_ID := Current_ID + 1;
      end Build_Credit_Record;


      procedure Build_Debit_Record
                              ( Next_Transaction : acc_Transaction_Record ) is
         Dummy_Account : constant integer := 200;
      begin
            Next_Transaction.ID := Current_ID;
            Next_Transaction.Code := Debit;

            Next_Transaction.Account_Number := Dummy_Account;
            Current_ID := Current_ID + 1;
      end Build_Debit_Record;

   begin

      Line_Driver.Start_Accept_Begin;   -- Wait for trigger from Main

      for Transaction_Numb in TC_Trans_Range loop  -- TC: limit the loop
         declare
            -- Create a task for the next message
            Next_Message_Task : acc_Message_Task := new Message_Task;
            -- Create a record for it
            Next_Transaction : acc_Transaction_Record
                                                 := new Transaction_Record;
         begin
            if Transaction_Numb = TC_Trans_Range'first then
               -- Send the first Credit message
               Build_Credit_Record ( Next_Transaction );
               Next_Message_Task.Accept_Transaction ( Next_Transaction );
               -- TC: Wait until the first message has been received by the
               -- Credit task and it has set the Overload indicator for the
               -- Distributor
               while not TC_First_Message_Has_Arrived.Value loop
                  delay ImpDef.Minimum_Task_Switch;
               end loop;
            elsif Transaction_Numb = TC_Trans_Range'last then
               -- For this test send the last transaction to the Debit task
               -- to improve the mix
               Build_Debit_Record( Next_Transaction );
               Next_Message_Task.Accept_Transaction ( Next_Transaction );
            else
               -- TC: Alternate high and low priority transactions
               if Current_Priority = High then
                  Current_Priority := Low;
               else
                  Current_Priority := High;
               end if;
               Build_Credit_Record( Next_Transaction );
               Next_Message_Task.Accept_Transaction ( Next_Transaction );
            end if;
         end;   -- declare
      end loop;

      -- TC: Wait for Credit_Overloaded to be cleared, then insure that the
      -- Distributor has evalated all tasks. Otherwise, some tasks may never
      -- be evaluated.
      while Credit_Overloaded.Value loop
        delay ImpDef.Minimum_Task_Switch;
      end loop;
      Distributor.TC_Credit_OK;

   exception
      when others =>
         Report.Failed ("Unexpected exception in Line_Driver");
   end Line_Driver_Agent;


   protected body Message_Task is

      entry Accept_Transaction (In_Transaction : acc_Transaction_Record)
        when Closed
          or else (Chosen = Message_Task_No_Entry
                   and then Accept_Transaction_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Message_Task_Accept_Transaction;
         Accept_Transaction_In_Transaction := In_Transaction;
         Accept_Transaction_Done := False;
         requeue Accept_Transaction_Queue;
      end Accept_Transaction;

      entry Accept_Transaction_Accept_Begin (In_Transaction : out acc_Transaction_Record)
        when Chosen = Message_Task_Accept_Transaction is
      begin
         In_Transaction := Accept_Transaction_In_Transaction;
         Chosen := Message_Task_No_Entry;
      end Accept_Transaction_Accept_Begin;

      procedure Accept_Transaction_Accept_End is
      begin
         Accept_Transaction_Done := True;
      end Accept_Transaction_Accept_End;

      procedure Accept_Transaction_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence
           (Accept_Transaction_Failure,
            Occurrence);
         Accept_Transaction_Raised := True;
         Accept_Transaction_Done := True;
      end Accept_Transaction_Failed;

      entry Accept_Transaction_Queue (In_Transaction : in acc_Transaction_Record)
        when Accept_Transaction_Done or else Closed is
      begin
         if not Accept_Transaction_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Accept_Transaction_Done := False;
         if Accept_Transaction_Raised then
            Accept_Transaction_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Accept_Transaction_Failure);
         end if;
      end Accept_Transaction_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Message_Task;

   task body Message_Task_Agent is

      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Message_Task_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Message_Task_Closer);
      overriding procedure Finalize (Object : in out Message_Task_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Message_Task_Closer;
      TC_Original_Transaction_Code : Transaction_Code;
      This_Transaction : acc_Transaction_Record := new Transaction_Record;

   begin

      declare
         In_Transaction : acc_Transaction_Record;
      begin
         Self.Accept_Transaction_Accept_Begin (In_Transaction);
         begin
            This_Transaction.all := In_Transaction.all;
         exception
            when Occurrence : others =>
               Self.Accept_Transaction_Failed (Occurrence);
               raise;
         end;
         Self.Accept_Transaction_Accept_End;
      end;

      -- Note the original code to ensure correct return
      TC_Original_Transaction_Code := This_Transaction.Code;

      -- Queue up on Distributor's Input queue
      Distributor.Input ( This_Transaction );
      -- This task will now wait for the requeued rendezvous
      -- to complete before proceeding

      -- For the test check that the return values are as expected
      if TC_Original_Transaction_Code /= This_Transaction.Code then
         -- Incorrect rendezvous
         Report.Failed ("Message Task: Incorrect code returned");
      end if;

      if This_Transaction.Code = Credit then
         if This_Transaction.Return_Value  /= Credit_Return or
            This_Transaction.Time_Stamp     = Base_Time     then
               Report.Failed ("Expected path not traversed");
         end if;
            TC_Tasks_Completed.Increment;
      else
         if This_Transaction.Return_Value  /= Debit_Return or
            This_Transaction.Message_Count /= 1             or
            This_Transaction.Time_Stamp     = Base_Time     then
               Report.Failed ("Expected path not traversed");
         end if;
         TC_Debit_Message_Complete.Set_True;
      end if;

   exception
      when others =>
         Report.Failed ("Unexpected exception in Message_Task");

   end Message_Task_Agent;


   protected body Distributor is

      entry Input (Transaction : acc_Transaction_Record)
        when Closed
          or else (Chosen = Distributor_No_Entry
                   and then Input_Armed
                   and then Input_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Distributor_Agent.Wake_1
              (Position_Of ((Id => Distributor_Input, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Distributor_Input, Index => 0));
         Input_Woken (Transaction);
         requeue Input_Queue;
      end Input;

      entry Input_Held (Transaction : acc_Transaction_Record)
        when Closed
          or else (Chosen = Distributor_No_Entry and then Input_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Distributor_Input, Index => 0));
         Input_Woken (Transaction);
         requeue Input_Queue;
      end Input_Held;

      entry Wait_for_Underload (Transaction : acc_Transaction_Record)
        when Closed
          or else (Chosen = Distributor_No_Entry
                   and then Wait_for_Underload_Armed
                   and then Wait_for_Underload_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Distributor_Agent.Wake_1
              (Position_Of ((Id => Distributor_Wait_for_Underload, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Distributor_Wait_for_Underload, Index => 0));
         Wait_for_Underload_Woken (Transaction);
         requeue Wait_for_Underload_Queue;
      end Wait_for_Underload;

      entry Wait_for_Underload_Held (Transaction : acc_Transaction_Record)
        when Closed
          or else (Chosen = Distributor_No_Entry
                   and then Wait_for_Underload_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Distributor_Wait_for_Underload, Index => 0));
         Wait_for_Underload_Woken (Transaction);
         requeue Wait_for_Underload_Queue;
      end Wait_for_Underload_Held;

      entry TC_Credit_OK
        when Closed
          or else (Chosen = Distributor_No_Entry
                   and then TC_Credit_OK_Armed
                   and then TC_Credit_OK_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Distributor_Agent.Wake_2
              (Position_Of ((Id => Distributor_TC_Credit_OK, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Distributor_TC_Credit_OK, Index => 0));
         TC_Credit_OK_Woken;
      end TC_Credit_OK;

      entry TC_Credit_OK_Held
        when Closed
          or else (Chosen = Distributor_No_Entry and then TC_Credit_OK_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Distributor_TC_Credit_OK, Index => 0));
         TC_Credit_OK_Woken;
      end TC_Credit_OK_Held;

      entry Select_Arm
        (Order : Distributor_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Distributor_No_Entry then
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Distributor_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Distributor_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Input_Armed := False;
         Wait_for_Underload_Armed := False;
         TC_Credit_OK_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Distributor_Alternative) is
      begin
         case Alternative.Id is
            when Distributor_Input =>
               Input_Armed := True;
            when Distributor_Wait_for_Underload =>
               Wait_for_Underload_Armed := True;
            when Distributor_TC_Credit_OK =>
               TC_Credit_OK_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Distributor_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Distributor_Input =>
               return Distributor.Input'Count + Input_Held'Count > 0;
            when Distributor_Wait_for_Underload =>
               return Distributor.Wait_for_Underload'Count
                 + Wait_for_Underload_Held'Count > 0;
            when Distributor_TC_Credit_OK =>
               return Distributor.TC_Credit_OK'Count
                 + TC_Credit_OK_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Distributor_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Input_Take (Transaction : out acc_Transaction_Record) is
      begin
         Transaction := Input_Transaction;
         Chosen := Distributor_No_Entry;
      end Input_Take;

      procedure Input_Woken (Transaction : in acc_Transaction_Record) is
      begin
         Disarm;
         Chosen := Distributor_Input;
         Input_Transaction := Transaction;
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

      entry Input_Queue (Transaction : in acc_Transaction_Record)
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
            requeue Wait_for_Underload with abort;
         end if;
         if Input_Target = 2 then
            Input_Target := 0;
            requeue Credit_Computation.Input with abort;
         end if;
         if Input_Target = 3 then
            Input_Target := 0;
            requeue Debit_Computation.Input with abort;
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

      procedure Wait_for_Underload_Take (Transaction : out acc_Transaction_Record) is
      begin
         Transaction := Wait_for_Underload_Transaction;
         Chosen := Distributor_No_Entry;
      end Wait_for_Underload_Take;

      procedure Wait_for_Underload_Woken (Transaction : in acc_Transaction_Record) is
      begin
         Disarm;
         Chosen := Distributor_Wait_for_Underload;
         Wait_for_Underload_Transaction := Transaction;
         Wait_for_Underload_Done := False;
      end Wait_for_Underload_Woken;

      procedure Wait_for_Underload_Accept_End is
      begin
         Wait_for_Underload_Done := True;
      end Wait_for_Underload_Accept_End;

      procedure Wait_for_Underload_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence
           (Wait_for_Underload_Failure,
            Occurrence);
         Wait_for_Underload_Raised := True;
         Wait_for_Underload_Done := True;
      end Wait_for_Underload_Failed;

      entry Wait_for_Underload_Queue (Transaction : in acc_Transaction_Record)
        when Wait_for_Underload_Done or else Closed is
      begin
         if not Wait_for_Underload_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Wait_for_Underload_Done := False;
         if Wait_for_Underload_Raised then
            Wait_for_Underload_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Wait_for_Underload_Failure);
         end if;
         if Wait_for_Underload_Target = 1 then
            Wait_for_Underload_Target := 0;
            requeue Credit_Computation.Input with abort;
         end if;
      end Wait_for_Underload_Queue;

      procedure Wait_for_Underload_Requeue_1 is
      begin
         Wait_for_Underload_Target := 1;
         Wait_for_Underload_Done := True;
      end Wait_for_Underload_Requeue_1;

      procedure TC_Credit_OK_Take is
      begin
         Chosen := Distributor_No_Entry;
      end TC_Credit_OK_Take;

      procedure TC_Credit_OK_Woken is
      begin
         Disarm;
         Chosen := Distributor_TC_Credit_OK;
      end TC_Credit_OK_Woken;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Distributor;

   task body Distributor_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Distributor_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Distributor_Closer);
      overriding procedure Finalize (Object : in out Distributor_Closer) is
      begin
         Distributor.Close;
      end Finalize;
      Closer : Distributor_Closer;
   begin
      loop
         declare
            Alternatives : constant Distributor_Alternative_List :=
              (1 => (Distributor_Input, 0),
               2 => ((if not Credit_Overloaded.Value then Distributor_Wait_for_Underload else Distributor_No_Entry), 0),
               3 => (Distributor_TC_Credit_OK, 0));
            Choice : Natural;
         begin
            Distributor.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in acc_Transaction_Record) do
                     Distributor.Input_Woken (Value_1);
                     requeue Distributor.Input_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) (Value_1 : in acc_Transaction_Record) do
                     Distributor.Wait_for_Underload_Woken (Value_1);
                     requeue Distributor.Wait_for_Underload_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_2 (3) do
                     Distributor.TC_Credit_OK_Woken;
                  end Wake_2;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in acc_Transaction_Record) do
                        requeue Distributor.Input_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) (Value_1 : in acc_Transaction_Record) do
                        requeue Distributor.Wait_for_Underload_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (3) do
                        requeue Distributor.TC_Credit_OK_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Transaction : acc_Transaction_Record;
                  begin
                     Distributor.Input_Take (Transaction);
                     begin
                        -- Time_Stamp the messages with the current time
                        --    TC: Used, incidentally, by the test to check that the
                        --    message did pass through the Distributor Task
                        Transaction.Time_Stamp := Ada.Calendar.Clock;

                        -- Pass this transaction on to the appropriate computation
                        -- task but temporarily hold low-priority transactions under
                        -- overload conditions
                        case Transaction.Code is
                           when Credit =>
                              if Credit_Overloaded.Value and
                                 Transaction.Priority = Low then
                                 Distributor.Input_Requeue_1;
                                 goto Input_Requeued;
                              else
                                 Distributor.Input_Requeue_2;
                                 goto Input_Requeued;
                              end if;
                           when Debit =>
                              Distributor.Input_Requeue_3;
                              goto Input_Requeued;
                        end case;
                     exception
                        when Occurrence : others =>
                           Distributor.Input_Failed (Occurrence);
                           raise;
                     end;
                     Distributor.Input_Accept_End;
                     <<Input_Requeued>>
                     null;
                  end;
               when 2 =>
                  declare
                     Transaction : acc_Transaction_Record;
                  begin
                     Distributor.Wait_for_Underload_Take (Transaction);
                     begin
                        Distributor.Wait_for_Underload_Requeue_1;
                        goto Wait_for_Underload_Requeued;
                     exception
                        when Occurrence : others =>
                           Distributor.Wait_for_Underload_Failed (Occurrence);
                           raise;
                     end;
                     Distributor.Wait_for_Underload_Accept_End;
                     <<Wait_for_Underload_Requeued>>
                     null;
                  end;
               when 3 =>
                  Distributor.TC_Credit_OK_Take;
               when others =>
                  null;
            end case;
         end;
      end loop;

   exception
      when others =>
         Report.Failed ("Unexpected exception in Distributor");
   end Distributor_Agent;


   protected body Credit_Computation is

      entry Input (Transaction : acc_Transaction_Record)
        when Closed
          or else (Chosen = Credit_Computation_No_Entry
                   and then Input_Armed
                   and then Input_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Credit_Computation_Agent.Wake_1
              (Position_Of ((Id => Credit_Computation_Input, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Credit_Computation_Input, Index => 0));
         Input_Woken (Transaction);
         requeue Input_Queue;
      end Input;

      entry Input_Held (Transaction : acc_Transaction_Record)
        when Closed
          or else (Chosen = Credit_Computation_No_Entry and then Input_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Credit_Computation_Input, Index => 0));
         Input_Woken (Transaction);
         requeue Input_Queue;
      end Input_Held;

      entry Select_Arm
        (Order : Credit_Computation_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Credit_Computation_No_Entry then
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Credit_Computation_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Credit_Computation_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Input_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Credit_Computation_Alternative) is
      begin
         case Alternative.Id is
            when Credit_Computation_Input =>
               Input_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Credit_Computation_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Credit_Computation_Input =>
               return Credit_Computation.Input'Count + Input_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Credit_Computation_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Input_Take (Transaction : out acc_Transaction_Record) is
      begin
         Transaction := Input_Transaction;
         Chosen := Credit_Computation_No_Entry;
      end Input_Take;

      procedure Input_Woken (Transaction : in acc_Transaction_Record) is
      begin
         Disarm;
         Chosen := Credit_Computation_Input;
         Input_Transaction := Transaction;
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

      entry Input_Queue (Transaction : in acc_Transaction_Record)
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
   end Credit_Computation;

   task body Credit_Computation_Agent is

      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Credit_Computation_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Credit_Computation_Closer);
      overriding procedure Finalize (Object : in out Credit_Computation_Closer) is
      begin
         Credit_Computation.Close;
      end Finalize;
      Closer : Credit_Computation_Closer;
      Message_Count   : integer := 0;

   begin
      loop
         declare
            Alternatives : constant Credit_Computation_Alternative_List :=
              (1 => (Credit_Computation_Input, 0));
            Choice : Natural;
         begin
            Credit_Computation.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in acc_Transaction_Record) do
                     Credit_Computation.Input_Woken (Value_1);
                     requeue Credit_Computation.Input_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in acc_Transaction_Record) do
                        requeue Credit_Computation.Input_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Transaction : acc_Transaction_Record;
                  begin
                     Credit_Computation.Input_Take (Transaction);
                     begin
                        if Credit_Overloaded.Value and
                           Transaction.Priority = Low then
                           -- We should not be getting any Low Priority messages. They
                           -- should be waiting on the Distributor's Wait_for_Underload
                           -- queue
                           Report.Failed
                              ("Credit Task: Low priority transaction during overload");
                        end if;
                        -- Perform the computations required for this transaction
                        null; -- stub

                        -- For the test:
                        if Transaction.Time_Stamp = Base_Time then
                           Report.Failed
                                  ("Credit Task: Wrong queue, Distributor bypassed");
                        end if;
                        if Transaction.code /= Credit then
                           Report.Failed
                                  ("Credit Task: Requeue delivered to the wrong queue");
                        end if;

                        -- The following is all Test Control code:
                        Transaction.Return_Value := Credit_Return;
                        Message_Count := Message_Count + 1;
                        --
                        -- Now take special action depending on which Message
                        if Message_Count = 1 then
                           -- After the first message :
                           Credit_Overloaded.Set_True;
                           -- Now flag the Line_Driver that the second and subsequent
                           -- messages may now be sent
                           TC_First_Message_Has_Arrived.Set_True;
                        end if;
                        if Message_Count = 3 then
                           -- The two high priority transactions created subsequent
                           -- to the overload have now been processed
                           Credit_Overloaded.Set_False;
                        end if;
                     exception
                        when Occurrence : others =>
                           Credit_Computation.Input_Failed (Occurrence);
                           raise;
                     end;
                     Credit_Computation.Input_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when others =>
         Report.Failed ("Unexpected exception in Credit_Computation");
   end Credit_Computation_Agent;


   protected body Debit_Computation is

      entry Input (Transaction : acc_Transaction_Record)
        when Closed
          or else (Chosen = Debit_Computation_No_Entry
                   and then Input_Armed
                   and then Input_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Debit_Computation_Agent.Wake_1
              (Position_Of ((Id => Debit_Computation_Input, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Debit_Computation_Input, Index => 0));
         Input_Woken (Transaction);
         requeue Input_Queue;
      end Input;

      entry Input_Held (Transaction : acc_Transaction_Record)
        when Closed
          or else (Chosen = Debit_Computation_No_Entry and then Input_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Debit_Computation_Input, Index => 0));
         Input_Woken (Transaction);
         requeue Input_Queue;
      end Input_Held;

      entry Select_Arm
        (Order : Debit_Computation_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Debit_Computation_No_Entry then
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Debit_Computation_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Debit_Computation_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Input_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Debit_Computation_Alternative) is
      begin
         case Alternative.Id is
            when Debit_Computation_Input =>
               Input_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Debit_Computation_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Debit_Computation_Input =>
               return Debit_Computation.Input'Count + Input_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Debit_Computation_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Input_Take (Transaction : out acc_Transaction_Record) is
      begin
         Transaction := Input_Transaction;
         Chosen := Debit_Computation_No_Entry;
      end Input_Take;

      procedure Input_Woken (Transaction : in acc_Transaction_Record) is
      begin
         Disarm;
         Chosen := Debit_Computation_Input;
         Input_Transaction := Transaction;
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

      entry Input_Queue (Transaction : in acc_Transaction_Record)
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
   end Debit_Computation;

   task body Debit_Computation_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Debit_Computation_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Debit_Computation_Closer);
      overriding procedure Finalize (Object : in out Debit_Computation_Closer) is
      begin
         Debit_Computation.Close;
      end Finalize;
      Closer : Debit_Computation_Closer;
      Message_Count   : integer := 0;
   begin
      loop
         declare
            Alternatives : constant Debit_Computation_Alternative_List :=
              (1 => (Debit_Computation_Input, 0));
            Choice : Natural;
         begin
            Debit_Computation.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in acc_Transaction_Record) do
                     Debit_Computation.Input_Woken (Value_1);
                     requeue Debit_Computation.Input_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in acc_Transaction_Record) do
                        requeue Debit_Computation.Input_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Transaction : acc_Transaction_Record;
                  begin
                     Debit_Computation.Input_Take (Transaction);
                     begin
                        -- Perform the computations required for this message
                        null;      -- stub

                        -- For the test:
                        if Transaction.Time_Stamp = Base_Time then
                           Report.Failed
                                  ("Debit Task: Wrong queue, Distributor bypassed");
                        end if;
                        if Transaction.code /= Debit then
                           Report.Failed
                                  ("Debit Task: Requeue delivered to the wrong queue");
                        end if;

                        -- for the test plug a known value and count
                        Transaction.Return_Value := Debit_Return;
                        -- one, and only one, message should pass through
                        Message_Count := Message_Count + 1;
                        Transaction.Message_Count := Message_Count;
                     exception
                        when Occurrence : others =>
                           Debit_Computation.Input_Failed (Occurrence);
                           raise;
                     end;
                     Debit_Computation.Input_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when others =>
         Report.Failed ("Unexpected exception in Debit_Computation");


   end Debit_Computation_Agent;


begin -- c954012
   Report.Test ("C954012", "Requeue within an accept body" &
                           " to another entry in the same task");

   Line_Driver.Start;  -- Start the test

   -- Ensure that the message tasks complete before reporting the result
   while (TC_Tasks_Completed.Count < TC_Credit_Messages_Expected)
         or (not TC_Debit_Message_Complete.Value) loop
      delay ImpDef.Minimum_Task_Switch;
   end loop;

   Report.Result;

end C954012;
