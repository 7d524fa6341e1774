-- C954010.A  (ACATS 4, Grant of Unlimited Rights; header shortened)
--
-- OBJECTIVE:
--      Check that a requeue within an accept statement does not block.
--      This test uses: Requeue to an entry in a different task
--                      Parameterless call
--                      Requeue with abort
--
-- CHANGE HISTORY:
--      06 Dec 94   SAIC    ACVC 2.0
--      (rdv2po acceptance: unchanged apart from this header)
--!

with Ada.Finalization;
with Ada.Exceptions;
with Report;
with ImpDef;

procedure C954010 is

   -- Mechanism to count the number of Message tasks completed
   protected TC_Tasks_Completed is
      procedure Increment;
      function  Count return integer;
   private
      Number_Complete : integer := 0;
   end TC_Tasks_Completed;
   --
   TC_Expected_To_Complete   : constant integer := 2;


   task type Message_Task;
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

   type Distributor_Entry is (Distributor_No_Entry, Distributor_Input);
   type Distributor_Alternative is record
      Id : Distributor_Entry := Distributor_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Distributor_Alternative_List is array (Positive range <>) of Distributor_Alternative;
   --  rdv2po: task Distributor became this protected object; its code runs in
   --  the task Distributor_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Distributor is
      entry Input;
      --  rdv2po: the rendezvous protocol, for Distributor_Agent
      entry Select_Arm
        (Order : Distributor_Alternative_List;
         Chosen_Position : out Natural);
      entry Input_Held;
      procedure Input_Woken;
      procedure Input_Take;
      procedure Input_Accept_End;
      procedure Input_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Input_Queue;
      procedure Input_Requeue_1;
      procedure Input_Requeue_2;
      procedure Close;
   private
      entry Select_Wait
        (Order : Distributor_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Distributor_Alternative);
      function Queued (Alternative : Distributor_Alternative) return Boolean;
      function Position_Of (Alternative : Distributor_Alternative) return Natural;
      Armed_List : Distributor_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Distributor_Entry := Distributor_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Input_Armed : Boolean := False;
      Input_Done : Boolean := False;
      Input_Raised : Boolean := False;
      Input_Failure : Ada.Exceptions.Exception_Occurrence;
      Input_Target : Natural := 0;
   end Distributor;
   task Distributor_Agent is
      --  rdv2po: general scheme agent of Distributor
      entry Wake_1 (Positive range 1 .. 1);
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
      entry Input;
      --  rdv2po: the rendezvous protocol, for Credit_Computation_Agent
      entry Select_Arm
        (Order : Credit_Computation_Alternative_List;
         Chosen_Position : out Natural);
      entry Input_Held;
      procedure Input_Woken;
      procedure Input_Take;
      procedure Input_Accept_End;
      procedure Input_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Input_Queue;
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
      Input_Done : Boolean := False;
      Input_Raised : Boolean := False;
      Input_Failure : Ada.Exceptions.Exception_Occurrence;
   end Credit_Computation;
   task Credit_Computation_Agent is
      --  rdv2po: general scheme agent of Credit_Computation
      entry Wake_1 (Positive range 1 .. 1);
   end Credit_Computation_Agent;

   type Debit_Computation_Entry is
     (Debit_Computation_No_Entry,
      Debit_Computation_Input,
      Debit_Computation_TC_Artificial_Rendezvous_1,
      Debit_Computation_TC_Artificial_Rendezvous_2);
   type Debit_Computation_Alternative is record
      Id : Debit_Computation_Entry := Debit_Computation_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Debit_Computation_Alternative_List is array (Positive range <>) of Debit_Computation_Alternative;
   --  rdv2po: task Debit_Computation became this protected object; its code
   --  runs in the task Debit_Computation_Agent, declared after it (general
   --  scheme: each rendezvous goes through the object)
   protected Debit_Computation is
      entry Input;
      entry TC_Artificial_Rendezvous_1;
      -- test purposes only
      entry TC_Artificial_Rendezvous_2;
      -- test purposes only
      --  rdv2po: the rendezvous protocol, for Debit_Computation_Agent
      entry Select_Arm
        (Order : Debit_Computation_Alternative_List;
         Chosen_Position : out Natural);
      entry Input_Held;
      procedure Input_Woken;
      procedure Input_Take;
      procedure Input_Accept_End;
      procedure Input_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Input_Queue;
      entry TC_Artificial_Rendezvous_1_Held;
      procedure TC_Artificial_Rendezvous_1_Woken;
      procedure TC_Artificial_Rendezvous_1_Take;
      entry TC_Artificial_Rendezvous_2_Held;
      procedure TC_Artificial_Rendezvous_2_Woken;
      procedure TC_Artificial_Rendezvous_2_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Debit_Computation_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Debit_Computation_Alternative);
      function Queued (Alternative : Debit_Computation_Alternative) return Boolean;
      function Position_Of (Alternative : Debit_Computation_Alternative) return Natural;
      Armed_List : Debit_Computation_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Debit_Computation_Entry := Debit_Computation_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Input_Armed : Boolean := False;
      Input_Done : Boolean := False;
      Input_Raised : Boolean := False;
      Input_Failure : Ada.Exceptions.Exception_Occurrence;
      TC_Artificial_Rendezvous_1_Armed : Boolean := False;
      TC_Artificial_Rendezvous_2_Armed : Boolean := False;
   end Debit_Computation;
   task Debit_Computation_Agent is
      --  rdv2po: general scheme agent of Debit_Computation
      entry Wake_1 (Positive range 1 .. 3);
   end Debit_Computation_Agent;

   
   -- Mechanism to count the number of Message tasks completed
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

   begin

      Line_Driver.Start_Accept_Begin;      -- Wait for trigger from main

      for i in 1..2 loop
         declare
            -- create a new message task 
            N : acc_Message_Task := new Message_Task; 
         begin
            -- preparation code
            null; -- stub

         end;   -- declare
      end loop;

   exception
      when others => 
         Report.Failed ("Unexpected exception in Line_Driver");
   end Line_Driver_Agent;


   task body Message_Task is
   begin
      -- Queue up on Distributor's Input queue
      Distributor.Input;
      
      -- After the required computations have been performed
      -- return the message appropriately (probably to an output
      -- line driver
      null;            -- stub

      -- Increment to show completion of this task
      TC_Tasks_Completed.Increment;

   exception
      when others => 
         Report.Failed ("Unexpected exception in Message_Task");

   end Message_Task;


   protected body Distributor is

      entry Input
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
         Input_Woken;
         requeue Input_Queue;
      end Input;

      entry Input_Held
        when Closed
          or else (Chosen = Distributor_No_Entry and then Input_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Distributor_Input, Index => 0));
         Input_Woken;
         requeue Input_Queue;
      end Input_Held;

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
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Distributor_Alternative) is
      begin
         case Alternative.Id is
            when Distributor_Input =>
               Input_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Distributor_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Distributor_Input =>
               return Distributor.Input'Count + Input_Held'Count > 0;
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

      procedure Input_Take is
      begin
         Chosen := Distributor_No_Entry;
      end Input_Take;

      procedure Input_Woken is
      begin
         Disarm;
         Chosen := Distributor_Input;
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

      entry Input_Queue
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
            requeue Debit_Computation.Input with abort;
         end if;
         if Input_Target = 2 then
            Input_Target := 0;
            requeue Credit_Computation.Input with abort;
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
     Last_was_for_Credit_Computation : Boolean := false;   -- switch
   begin
      loop
         declare
            Alternatives : constant Distributor_Alternative_List :=
              (1 => (Distributor_Input, 0));
            Choice : Natural;
         begin
            Distributor.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Distributor.Input_Woken;
                     requeue Distributor.Input_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Distributor.Input_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Distributor.Input_Take;
                     begin
                        -- Determine to which task the message should be 
                        -- distributed
                        --      For this test arbitrarily send the first to 
                        --      Credit_Computation and the second to Debit_Computation
                        if Last_was_for_Credit_Computation then
                           Distributor.Input_Requeue_1;
                           goto Input_Requeued;
                        else 
                           Last_was_for_Credit_Computation := true;
                           Distributor.Input_Requeue_2;
                           goto Input_Requeued;
                        end if;
                     exception
                        when Occurrence : others =>
                           Distributor.Input_Failed (Occurrence);
                           raise;
                     end;
                     Distributor.Input_Accept_End;
                     <<Input_Requeued>>
                     null;
                  end;
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

      entry Input
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
         Input_Woken;
         requeue Input_Queue;
      end Input;

      entry Input_Held
        when Closed
          or else (Chosen = Credit_Computation_No_Entry and then Input_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Credit_Computation_Input, Index => 0));
         Input_Woken;
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

      procedure Input_Take is
      begin
         Chosen := Credit_Computation_No_Entry;
      end Input_Take;

      procedure Input_Woken is
      begin
         Disarm;
         Chosen := Credit_Computation_Input;
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

      entry Input_Queue
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
                  accept Wake_1 (1) do
                     Credit_Computation.Input_Woken;
                     requeue Credit_Computation.Input_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Credit_Computation.Input_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Credit_Computation.Input_Take;
                  begin
                     -- Perform the computations required for this message
                     --
                     null;     -- stub

                     --   For the test:
                     --   Artificially rendezvous with Debit_Computation.
                     --   If the first requeue in Distributor has blocked 
                     --   waiting for the current rendezvous to complete then the
                     --   second message will not be sent to Debit_Computation 
                     --   which will still be waiting on its Input accept.  
                     --   This task will HANG
                     --
                     Debit_Computation.TC_Artificial_Rendezvous_1;
                     --
                  exception
                     when Occurrence : others =>
                        Credit_Computation.Input_Failed (Occurrence);
                        raise;
                  end;
                  Credit_Computation.Input_Accept_End;
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

      entry Input
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
         Input_Woken;
         requeue Input_Queue;
      end Input;

      entry Input_Held
        when Closed
          or else (Chosen = Debit_Computation_No_Entry and then Input_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Debit_Computation_Input, Index => 0));
         Input_Woken;
         requeue Input_Queue;
      end Input_Held;

      entry TC_Artificial_Rendezvous_1
        when Closed
          or else (Chosen = Debit_Computation_No_Entry
                   and then TC_Artificial_Rendezvous_1_Armed
                   and then TC_Artificial_Rendezvous_1_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Debit_Computation_Agent.Wake_1
              (Position_Of ((Id => Debit_Computation_TC_Artificial_Rendezvous_1, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Debit_Computation_TC_Artificial_Rendezvous_1, Index => 0));
         TC_Artificial_Rendezvous_1_Woken;
      end TC_Artificial_Rendezvous_1;

      entry TC_Artificial_Rendezvous_1_Held
        when Closed
          or else (Chosen = Debit_Computation_No_Entry
                   and then TC_Artificial_Rendezvous_1_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Debit_Computation_TC_Artificial_Rendezvous_1, Index => 0));
         TC_Artificial_Rendezvous_1_Woken;
      end TC_Artificial_Rendezvous_1_Held;

      entry TC_Artificial_Rendezvous_2
        when Closed
          or else (Chosen = Debit_Computation_No_Entry
                   and then TC_Artificial_Rendezvous_2_Armed
                   and then TC_Artificial_Rendezvous_2_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Debit_Computation_Agent.Wake_1
              (Position_Of ((Id => Debit_Computation_TC_Artificial_Rendezvous_2, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Debit_Computation_TC_Artificial_Rendezvous_2, Index => 0));
         TC_Artificial_Rendezvous_2_Woken;
      end TC_Artificial_Rendezvous_2;

      entry TC_Artificial_Rendezvous_2_Held
        when Closed
          or else (Chosen = Debit_Computation_No_Entry
                   and then TC_Artificial_Rendezvous_2_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Debit_Computation_TC_Artificial_Rendezvous_2, Index => 0));
         TC_Artificial_Rendezvous_2_Woken;
      end TC_Artificial_Rendezvous_2_Held;

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
         TC_Artificial_Rendezvous_1_Armed := False;
         TC_Artificial_Rendezvous_2_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Debit_Computation_Alternative) is
      begin
         case Alternative.Id is
            when Debit_Computation_Input =>
               Input_Armed := True;
            when Debit_Computation_TC_Artificial_Rendezvous_1 =>
               TC_Artificial_Rendezvous_1_Armed := True;
            when Debit_Computation_TC_Artificial_Rendezvous_2 =>
               TC_Artificial_Rendezvous_2_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Debit_Computation_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Debit_Computation_Input =>
               return Debit_Computation.Input'Count + Input_Held'Count > 0;
            when Debit_Computation_TC_Artificial_Rendezvous_1 =>
               return Debit_Computation.TC_Artificial_Rendezvous_1'Count
                 + TC_Artificial_Rendezvous_1_Held'Count > 0;
            when Debit_Computation_TC_Artificial_Rendezvous_2 =>
               return Debit_Computation.TC_Artificial_Rendezvous_2'Count
                 + TC_Artificial_Rendezvous_2_Held'Count > 0;
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

      procedure Input_Take is
      begin
         Chosen := Debit_Computation_No_Entry;
      end Input_Take;

      procedure Input_Woken is
      begin
         Disarm;
         Chosen := Debit_Computation_Input;
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

      entry Input_Queue
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

      procedure TC_Artificial_Rendezvous_1_Take is
      begin
         Chosen := Debit_Computation_No_Entry;
      end TC_Artificial_Rendezvous_1_Take;

      procedure TC_Artificial_Rendezvous_1_Woken is
      begin
         Disarm;
         Chosen := Debit_Computation_TC_Artificial_Rendezvous_1;
      end TC_Artificial_Rendezvous_1_Woken;

      procedure TC_Artificial_Rendezvous_2_Take is
      begin
         Chosen := Debit_Computation_No_Entry;
      end TC_Artificial_Rendezvous_2_Take;

      procedure TC_Artificial_Rendezvous_2_Woken is
      begin
         Disarm;
         Chosen := Debit_Computation_TC_Artificial_Rendezvous_2;
      end TC_Artificial_Rendezvous_2_Woken;

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
      Message_Count      : integer := 0;
      TC_AR1_is_complete : Boolean := false;
   begin
      loop
         declare
            Alternatives : constant Debit_Computation_Alternative_List :=
              (1 => (Debit_Computation_Input, 0),
               2 => ((if Message_Count > 0 then Debit_Computation_TC_Artificial_Rendezvous_1 else Debit_Computation_No_Entry), 0),
               3 => ((if TC_AR1_is_complete then Debit_Computation_TC_Artificial_Rendezvous_2 else Debit_Computation_No_Entry), 0));
            Choice : Natural;
         begin
            Debit_Computation.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Debit_Computation.Input_Woken;
                     requeue Debit_Computation.Input_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Debit_Computation.TC_Artificial_Rendezvous_1_Woken;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_1 (3) do
                     Debit_Computation.TC_Artificial_Rendezvous_2_Woken;
                  end Wake_1;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Debit_Computation.Input_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Debit_Computation.TC_Artificial_Rendezvous_1_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (3) do
                        requeue Debit_Computation.TC_Artificial_Rendezvous_2_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Debit_Computation.Input_Take;
                  begin
                     -- Perform the computations required for this message
                     null;    -- stub
                  exception
                     when Occurrence : others =>
                        Debit_Computation.Input_Failed (Occurrence);
                        raise;
                  end;
                  Debit_Computation.Input_Accept_End;
                  Message_Count := Message_Count + 1;
               when 2 =>
                  Debit_Computation.TC_Artificial_Rendezvous_1_Take;
                  -- see comments in
                                                        -- Credit_Computation above
                  TC_AR1_is_complete := true;
               when 3 =>
                  Debit_Computation.TC_Artificial_Rendezvous_2_Take;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when others => 
         Report.Failed ("Unexpected exception in Debit_Computation");


   end Debit_Computation_Agent;


begin -- c954010
   Report.Test ("C954010", "Requeue in an accept body does not block");

   Line_Driver.Start;

   -- Ensure that both messages were delivered to the computation tasks
   -- This shows that both requeues were effective.
   -- 
   Debit_Computation.TC_Artificial_Rendezvous_2;

   -- Ensure that the message tasks completed
   while (TC_Tasks_Completed.Count < TC_Expected_To_Complete) loop
      delay ImpDef.Minimum_Task_Switch;   
   end loop;

   Report.Result;

end C954010;
