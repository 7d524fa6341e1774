-- C954014.A  (ACATS 4, Grant of Unlimited Rights; header shortened)
--
-- OBJECTIVE:
--     Check that a requeue is not canceled and that the requeueing 
--     task is unaffected when a calling task is aborted. Check that the
--     abort is deferred until the entry call is complete.
--     Specifically, check requeue to an entry in a different task,
--     requeue where the entry call has parameters, and requeue
--     without the abort option.
--
-- CHANGE HISTORY:
--      06 Dec 94   SAIC    ACVC 2.0
--      25 Nov 95   SAIC    Replaced global variables with protected objects
--                          for ACVC 2.0.1.
--      (rdv2po acceptance: unchanged apart from this header)
--!

with Ada.Task_Identification;
with Ada.Exceptions;
with Ada.Finalization;
with Report;
with ImpDef;
         
procedure C954014 is
 
   -- Arbitrary test values
   Credit_Return : constant := 1;
   Debit_Return  : constant := 2;


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
 

   TC_Debit_Message_Complete  : Shared_Boolean (False);
   
   -- Synchronization flags for handshaking between the Line_Driver
   -- and the Accept body in the Credit Task
   TC_Handshake_A : Shared_Boolean (False);
   TC_Handshake_B : Shared_Boolean (False);
   TC_Handshake_C : Shared_Boolean (False);
   TC_Handshake_D : Shared_Boolean (False);
   TC_Handshake_E : Shared_Boolean (False);
   TC_Handshake_F : Shared_Boolean (False);


   type Transaction_Code is (Credit, Debit);

   type Transaction_Record;
   type acc_Transaction_Record is access Transaction_Record;
   type Transaction_Record is 
      record
         ID               : integer := 0;
         Code             : Transaction_Code := Debit;
         Account_Number   : integer := 0;
         Stock_Number     : integer := 0;
         Quantity         : integer := 0;
         Return_Value     : integer := 0;
         TC_Message_Count : integer := 0; 
         TC_Thru_Distrib  : Boolean;
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
      function Agent_Terminated return Boolean;
      function Agent_Identity return Ada.Task_Identification.Task_Id;
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

   type Line_Driver_Entry is (Line_Driver_No_Entry, Line_Driver_start);
   --  rdv2po: task Line_Driver became this protected object; its code runs in
   --  the task Line_Driver_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Line_Driver is
      entry start;
      --  rdv2po: the rendezvous protocol, for Line_Driver_Agent
      entry start_Accept_Begin;
      procedure Close;
   private
      Chosen : Line_Driver_Entry := Line_Driver_No_Entry;
      Closed : Boolean := False;
   end Line_Driver;
   task Line_Driver_Agent is
      --  rdv2po: general scheme agent of Line_Driver
   end Line_Driver_Agent;   

   task Distributor is 
      entry Input(Transaction : acc_Transaction_Record);
   end Distributor;

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


   protected body Line_Driver is

      entry start
        when Closed
          or else (Chosen = Line_Driver_No_Entry
                   and then start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Line_Driver_start;
      end start;

      entry start_Accept_Begin
        when Chosen = Line_Driver_start is
      begin
         Chosen := Line_Driver_No_Entry;
      end start_Accept_Begin;

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
      Current_ID : integer := 1;
      TC_First_message_sent: Boolean := false;

      procedure Build_Credit_Record 
                              ( Next_Transaction : acc_Transaction_Record ) is
         Dummy_Account : constant integer := 100;
      begin
            Next_Transaction.ID := Current_ID;
            Next_Transaction.Code := Credit; 

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
   
      Line_Driver.start_Accept_Begin;       -- Wait for trigger from main

      for i in 1..2 loop  -- TC: arbitrarily limit to one credit message
                          --     and one debit, then complete
         declare 
            -- Create a task for the next message
            Next_Message_Task : acc_Message_Task := new Message_Task;
            -- Create a record for it
            Next_Transaction : acc_Transaction_Record := 
                                                   new Transaction_Record;
         begin
            if not TC_First_Message_Sent then
               -- send out the first message which will be aborted
               Build_Credit_Record ( Next_Transaction );            
               Next_Message_Task.Accept_Transaction ( Next_Transaction );  
               TC_First_Message_Sent := true;

               -- Wait for Credit task to get into the accept body
               --   The call from the Message Task has been requeued by
               --   the distributor
               while not TC_Handshake_A.Value loop
                  delay ImpDef.Minimum_Task_Switch;
               end loop;

               -- Abort the calling task; the Credit task is guaranteed to 
               -- be in the accept body
               Ada.Task_Identification.Abort_Task (Next_Message_Task.all.Agent_Identity);
               Next_Message_Task.all.Close;     -- We are still in this declare
                                                -- block
              
               -- Inform the Credit task that the abort has been initiated
               TC_Handshake_B.Set_True;
               
               -- Now wait for the "acknowledgment" from the Credit task
               -- this ensures a complete task switch (at least) 
               while not TC_Handshake_C.Value loop
                  delay ImpDef.Minimum_Task_Switch;
               end loop;

               -- The aborted task must not terminate till the accept body
               -- has completed
               if Next_Message_Task.Agent_Terminated then
                  Report.Failed ("The abort was not deferred");
               end if;

               -- Inform the Credit task that the termination has been checked
               TC_Handshake_D.Set_True;
               
               -- Now wait for the completion of the accept body in the 
               -- Credit task
               while not TC_Handshake_E.Value loop
                  delay ImpDef.Minimum_Task_Switch;
               end loop;
               
               while not ( Next_Message_Task.Agent_Terminated ) loop
                  delay ImpDef.Minimum_Task_Switch;
               end loop;

               -- Indicate to the Main program that this section is complete
               TC_Handshake_F.Set_True;

            else
               -- The main part of the test is complete. Send one Debit message
               -- as further exercise of the Distributor to ensure it has not
               -- been affected by the abort of the requeue;
               Build_Debit_Record ( Next_Transaction );            
               Next_Message_Task.Accept_Transaction ( Next_Transaction );  
            end if;
         end;   -- declare
      end loop;

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
         -- The only Credit message was the one that should have been aborted
         Report.Failed ("Abort was not effective");
      else
         if This_Transaction.Return_Value     /= Debit_Return or   
            This_Transaction.TC_Message_Count /= 1            or not
            This_Transaction.TC_Thru_Distrib       then
               Report.Failed ("Expected path not traversed");
         end if;
         TC_Debit_Message_Complete.Set_True;
      end if;

   exception
      when others => 
         Report.Failed ("Unexpected exception in Message_Task");

   end Message_Task_Agent;



   task body Distributor is

   begin
      loop
         select
            accept Input (Transaction : acc_Transaction_Record) do

               -- Indicate that the  message did pass through the
               -- Distributor Task
               Transaction.TC_Thru_Distrib := true;

               -- Pass this transaction on the appropriate computation
               -- task
               case Transaction.Code is 
                  when Credit =>
                     requeue Credit_Computation.Input;   -- without abort
                  when Debit => 
                     requeue Debit_Computation.Input;    -- without abort
               end case;
            end Input;
         or
            terminate;
         end select;
      end loop;

   exception
      when others => 
         Report.Failed ("Unexpected exception in Distributor");
   end Distributor;
                                          


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
              (Position_Of ((Id => Credit_Computation_Input, Index => 0)));
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
                        requeue Credit_Computation.Input_Held;
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
                        -- Perform the computations required for this transaction
                        --
                        null;     -- stub

                        -- The rest of this code is for Test Control
                        --
                        if not Transaction.TC_Thru_Distrib then
                           Report.Failed 
                                  ("Credit Task: Wrong queue, Distributor bypassed");
                        end if;
                        if Transaction.code /= Credit then
                           Report.Failed
                                  ("Credit Task: Requeue delivered to the wrong queue");
                        end if;

                        -- for the test plug a known value and count
                        Transaction.Return_Value := Credit_Return;
                        -- one, and only one message should pass through
                        if Message_Count /= 0 then
                           Report.Failed ("Aborted Requeue was not canceled -1");
                        end if;
                        Message_Count := Message_Count + 1;
                        Transaction.TC_Message_Count := Message_Count;

                        -- Having done the basic housekeeping we now need to signal
                        -- that we are in the accept body of the credit task.  The
                        -- message has arrived and the Line Driver may now abort the
                        -- calling task
                        TC_Handshake_A.Set_True;

                        -- Now wait for the Line Driver to inform us the calling 
                        -- task has been aborted
                        while not TC_Handshake_B.Value loop
                           delay ImpDef.Minimum_Task_Switch;
                        end loop;

                        -- The abort has taken place
                        -- Inform the Line Driver that we are still running in the
                        -- accept body
                        TC_Handshake_C.Set_True;

                        -- Now wait for the Line Driver to digest this information
                        while not TC_Handshake_D.Value loop
                           delay ImpDef.Minimum_Task_Switch;
                        end loop;

                        -- The Line driver has checked that the caller is not terminated
                        -- We can now complete the accept
                     exception
                        when Occurrence : others =>
                           Credit_Computation.Input_Failed (Occurrence);
                           raise;
                     end;
                     Credit_Computation.Input_Accept_End;
                  end;
                  -- We are out of the accept
                  TC_Handshake_E.Set_True;
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
              (Position_Of ((Id => Debit_Computation_Input, Index => 0)));
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
                        requeue Debit_Computation.Input_Held;
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
                        --
                        null;      -- stub

                        -- The rest of this code is for Test Control
                        --
                        if not Transaction.TC_Thru_Distrib then
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
                        Transaction.TC_Message_Count := Message_Count;
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


begin -- c954014
   Report.Test ("C954014", "Abort a task that has a call" &
                                          " requeued_without_abort");

   Line_Driver.Start;   -- Start the test

   -- Wait for the message tasks to complete before reporting the result
   --
   while not (TC_Handshake_F.Value                  -- abort not effective?
              and TC_Debit_Message_Complete.Value   -- Distributor affected?
              and TC_Handshake_E.Value ) loop       -- accept not completed?
      delay ImpDef.Minimum_Task_Switch;
   end loop;

   Report.Result;

end C954014;
