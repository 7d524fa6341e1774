--  'Callable and 'Terminated of servers the caller-runs scheme takes: each
--  becomes a function of the package (of the type's package, for an object
--  of a task type) reading whether the server has completed.  The program
--  asks only what every schedule of the original answers alike: before any
--  call, while the server waits at a terminate alternative (its master is
--  still running: not terminated, and callable), and after it has ended,
--  by polling until it has.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   procedure Show (What : String; Value : Boolean) is
   begin
      Put_Line (What & " " & Boolean'Image (Value));
   end Show;

   procedure Logging is
      type Logger_Entry is (Logger_No_Entry, Logger_Log, Logger_Stop);
      type Logger_Log_Msg_Access is access String;
      procedure Free_Log_Msg is new Ada.Unchecked_Deallocation
        (String,
         Logger_Log_Msg_Access);
      type Logger_Alternative is record
         Id : Logger_Entry := Logger_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Logger_Alternative_List is array (Positive range <>) of Logger_Alternative;
      --  rdv2po: task Logger became this protected object; its code runs in
      --  the task Logger_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Logger is
         entry Log (Msg : String);
         entry Stop;
         --  rdv2po: the rendezvous protocol, for Logger_Agent
         entry Select_Arm
           (Order : Logger_Alternative_List;
            Chosen_Position : out Natural);
         procedure Log_Take;
         function Log_Msg_Value return String;
         procedure Log_Accept_End;
         procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Log_Queue (Msg : in String);
         procedure Stop_Take;
         function Agent_Callable return Boolean;
         procedure Close;
      private
         entry Select_Wait
           (Order : Logger_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Logger_Alternative);
         function Queued (Alternative : Logger_Alternative) return Boolean;
         function Position_Of (Alternative : Logger_Alternative) return Natural;
         Armed_List : Logger_Alternative_List (1 .. 2);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Logger_Entry := Logger_No_Entry;
         Closed : Boolean := False;
         Log_Armed : Boolean := False;
         Log_Msg : Logger_Log_Msg_Access;
         Log_Done : Boolean := False;
         Log_Raised : Boolean := False;
         Log_Failure : Ada.Exceptions.Exception_Occurrence;
         Stop_Armed : Boolean := False;
      end Logger;
      task Logger_Agent is
         --  rdv2po: general scheme agent of Logger
      end Logger_Agent;

      protected body Logger is

         entry Log (Msg : String)
           when Closed or else (Chosen = Logger_No_Entry and then Log_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Logger_Log, Index => 0));
            Disarm;
            Chosen := Logger_Log;
            Log_Msg := new String'(Msg);
            Log_Done := False;
            requeue Log_Queue;
         end Log;

         entry Stop
           when Closed or else (Chosen = Logger_No_Entry and then Stop_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Logger_Stop, Index => 0));
            Disarm;
            Chosen := Logger_Stop;
         end Stop;

         entry Select_Arm
           (Order : Logger_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
            Any_Open : Boolean := False;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Logger_No_Entry then
                  Any_Open := True;
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  RM 9.7.1(21): every alternative closed and no else part
            if not Any_Open then
               raise Program_Error;
            end if;
            --  a caller already queued is taken first, in the select's order
            --  (as GNAT does)
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
            requeue Select_Wait with abort;
         end Select_Arm;

         entry Select_Wait
           (Order : Logger_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Logger_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Log_Armed := False;
            Stop_Armed := False;
         end Disarm;

         procedure Arm (Alternative : Logger_Alternative) is
         begin
            case Alternative.Id is
               when Logger_Log =>
                  Log_Armed := True;
               when Logger_Stop =>
                  Stop_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Logger_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Logger_Log =>
                  return Logger.Log'Count > 0;
               when Logger_Stop =>
                  return Logger.Stop'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Logger_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Log_Take is
         begin
            Chosen := Logger_No_Entry;
         end Log_Take;

         function Log_Msg_Value return String is
         begin
            return Log_Msg.all;
         end Log_Msg_Value;

         procedure Log_Accept_End is
         begin
            Log_Done := True;
         end Log_Accept_End;

         procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Log_Failure, Occurrence);
            Log_Raised := True;
            Log_Done := True;
         end Log_Failed;

         entry Log_Queue (Msg : in String)
           when Log_Done or else Closed is
         begin
            if not Log_Done then
               Free_Log_Msg (Log_Msg);
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Log_Done := False;
            if Log_Raised then
               Log_Raised := False;
               Free_Log_Msg (Log_Msg);
               Ada.Exceptions.Reraise_Occurrence (Log_Failure);
            end if;
            Free_Log_Msg (Log_Msg);
         end Log_Queue;

         procedure Stop_Take is
         begin
            Chosen := Logger_No_Entry;
         end Stop_Take;

         function Agent_Callable return Boolean is
         begin
            return not Closed and then Logger_Agent'Callable;
         end Agent_Callable;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Logger;

      task body Logger_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Logger_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Logger_Closer);
         overriding procedure Finalize (Object : in out Logger_Closer) is
         begin
            Logger.Close;
         end Finalize;
         Closer : Logger_Closer;
         Count : Natural := 0;
      begin
         loop
            declare
               Choice : Natural;
            begin
               Logger.Select_Arm
                 (Order => (1 => (Logger_Log, 0),
                            2 => (Logger_Stop, 0)),
                  Chosen_Position => Choice);
               case Choice is
                  when 1 =>
                     begin
                        Logger.Log_Take;
                        declare
                           Msg : constant String := Logger.Log_Msg_Value;
                        begin
                           begin
                              Put_Line ("log: " & Msg);
                           exception
                              when Occurrence : others =>
                                 Logger.Log_Failed (Occurrence);
                                 raise;
                           end;
                           Logger.Log_Accept_End;
                        end;
                     end;
                     Count := Count + 1;
                  when 2 =>
                     Logger.Stop_Take;
                     exit;
                  when others =>
                     null;
               end case;
            end;
         end loop;
         Put_Line ("logged" & Natural'Image (Count));
      end Logger_Agent;
   begin
      Show ("logger callable", Logger.Agent_Callable);
      Show ("logger terminated", Logger_Agent'Terminated);
      Logger.Log ("one");
      Logger.Stop;
      while not Logger_Agent'Terminated loop
         delay 0.01;
      end loop;
      Show ("logger callable at the end", Logger.Agent_Callable);
   end Logging;

   procedure Counting is
      type Counter_Entry is (Counter_No_Entry, Counter_Add);
      type Counter_Alternative is record
         Id : Counter_Entry := Counter_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Counter_Alternative_List is array (Positive range <>) of Counter_Alternative;
      --  rdv2po: task Counter became this protected object; its code runs in
      --  the task Counter_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Counter is
         entry Add (N : Integer);
         --  rdv2po: the rendezvous protocol, for Counter_Agent
         entry Select_Arm
           (Order : Counter_Alternative_List;
            Chosen_Position : out Natural);
         entry Add_Held (N : Integer);
         procedure Add_Woken (N : in Integer);
         procedure Add_Take (N : out Integer);
         procedure Add_Accept_End;
         procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Add_Queue (N : in Integer);
         function Agent_Callable return Boolean;
         procedure Close;
      private
         entry Select_Wait
           (Order : Counter_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Counter_Alternative);
         function Queued (Alternative : Counter_Alternative) return Boolean;
         function Position_Of (Alternative : Counter_Alternative) return Natural;
         Armed_List : Counter_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Counter_Entry := Counter_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Add_Armed : Boolean := False;
         Add_N : Integer;
         Add_Done : Boolean := False;
         Add_Raised : Boolean := False;
         Add_Failure : Ada.Exceptions.Exception_Occurrence;
      end Counter;
      task Counter_Agent is
         --  rdv2po: general scheme agent of Counter
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Counter_Agent;

      protected body Counter is

         entry Add (N : Integer)
           when Closed
             or else (Chosen = Counter_No_Entry
                      and then Add_Armed
                      and then Add_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Counter_Agent.Wake_1
                 (Position_Of ((Id => Counter_Add, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Counter_Add, Index => 0));
            Add_Woken (N);
            requeue Add_Queue;
         end Add;

         entry Add_Held (N : Integer)
           when Closed or else (Chosen = Counter_No_Entry and then Add_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Counter_Add, Index => 0));
            Add_Woken (N);
            requeue Add_Queue;
         end Add_Held;

         entry Select_Arm
           (Order : Counter_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Counter_No_Entry then
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  a caller already queued is taken first, in the select's order
            --  (as GNAT does)
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
           (Order : Counter_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Counter_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Add_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Counter_Alternative) is
         begin
            case Alternative.Id is
               when Counter_Add =>
                  Add_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Counter_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Counter_Add =>
                  return Counter.Add'Count + Add_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Counter_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Add_Take (N : out Integer) is
         begin
            N := Add_N;
            Chosen := Counter_No_Entry;
         end Add_Take;

         procedure Add_Woken (N : in Integer) is
         begin
            Disarm;
            Chosen := Counter_Add;
            Add_N := N;
            Add_Done := False;
         end Add_Woken;

         procedure Add_Accept_End is
         begin
            Add_Done := True;
         end Add_Accept_End;

         procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Add_Failure, Occurrence);
            Add_Raised := True;
            Add_Done := True;
         end Add_Failed;

         entry Add_Queue (N : in Integer)
           when Add_Done or else Closed is
         begin
            if not Add_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Add_Done := False;
            if Add_Raised then
               Add_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Add_Failure);
            end if;
         end Add_Queue;

         function Agent_Callable return Boolean is
         begin
            return not Closed and then Counter_Agent'Callable;
         end Agent_Callable;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Counter;

      task body Counter_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Counter_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Counter_Closer);
         overriding procedure Finalize (Object : in out Counter_Closer) is
         begin
            Counter.Close;
         end Finalize;
         Closer : Counter_Closer;
         Sum : Integer := 0;
      begin
         loop
            declare
               Alternatives : constant Counter_Alternative_List :=
                 (1 => (Counter_Add, 0));
               Choice : Natural;
            begin
               Counter.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Counter.Add_Woken (Value_1);
                        requeue Counter.Add_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Counter.Add_Held with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        N : Integer;
                     begin
                        Counter.Add_Take (N);
                        begin
                           Sum := Sum + N;
                           Put_Line ("sum" & Integer'Image (Sum));
                        exception
                           when Occurrence : others =>
                              Counter.Add_Failed (Occurrence);
                              raise;
                        end;
                        Counter.Add_Accept_End;
                     end;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Counter_Agent;
   begin
      Counter.Add (2);
      Counter.Add (3);
      --  waiting at its terminate alternative while this master runs
      Show ("counter callable", Counter.Agent_Callable);
      Show ("counter terminated", Counter_Agent'Terminated);
   end Counting;

   type Job;
   type Job_Entry is (Job_No_Entry, Job_Run);
   task type Job_Agent (Self : not null access Job; Id : Positive) is
      --  rdv2po: general scheme agent of Job
   end Job_Agent;
   --  rdv2po: task type Job became this protected type; its code runs in
   --  Job_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Job (Id : Positive) is
      entry Run (Scale : Integer);
      --  rdv2po: the rendezvous protocol, for Job_Agent
      entry Run_Accept_Begin (Scale : out Integer);
      procedure Run_Accept_End;
      procedure Run_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Run_Queue (Scale : in Integer);
      function Agent_Callable return Boolean;
      function Agent_Terminated return Boolean;
      procedure Close;
   private
      Chosen : Job_Entry := Job_No_Entry;
      Closed : Boolean := False;
      Run_Scale : Integer;
      Run_Done : Boolean := False;
      Run_Raised : Boolean := False;
      Run_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Job_Agent (Self => Job'Unchecked_Access, Id => Id);
   end Job;

   protected body Job is

      entry Run (Scale : Integer)
        when Closed
          or else (Chosen = Job_No_Entry and then Run_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Job_Run;
         Run_Scale := Scale;
         Run_Done := False;
         requeue Run_Queue;
      end Run;

      entry Run_Accept_Begin (Scale : out Integer)
        when Chosen = Job_Run is
      begin
         Scale := Run_Scale;
         Chosen := Job_No_Entry;
      end Run_Accept_Begin;

      procedure Run_Accept_End is
      begin
         Run_Done := True;
      end Run_Accept_End;

      procedure Run_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Run_Failure, Occurrence);
         Run_Raised := True;
         Run_Done := True;
      end Run_Failed;

      entry Run_Queue (Scale : in Integer)
        when Run_Done or else Closed is
      begin
         if not Run_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Run_Done := False;
         if Run_Raised then
            Run_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Run_Failure);
         end if;
      end Run_Queue;

      function Agent_Callable return Boolean is
      begin
         return not Closed and then Agent'Callable;
      end Agent_Callable;

      function Agent_Terminated return Boolean is
      begin
         return Agent'Terminated;
      end Agent_Terminated;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Job;

   task body Job_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Job_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Job_Closer);
      overriding procedure Finalize (Object : in out Job_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Job_Closer;
   begin
      declare
         Scale : Integer;
      begin
         Self.Run_Accept_Begin (Scale);
         begin
            Put_Line ("job" & Positive'Image (Id) & " runs at" & Integer'Image (Scale));
         exception
            when Occurrence : others =>
               Self.Run_Failed (Occurrence);
               raise;
         end;
         Self.Run_Accept_End;
      end;
      if Id = 3 then
         raise Program_Error;     --  ends the task silently
      end if;
      Put_Line ("job" & Positive'Image (Id) & " done");
   end Job_Agent;

   procedure Jobs is
      type Job_Access is access Job;
      One : Job (1);
      Row : array (2 .. 3) of Job (2);
      Far : constant Job_Access := new Job (3);
   begin
      Show ("one callable", One.Agent_Callable);
      Show ("far terminated", Far.Agent_Terminated);
      One.Run (10);
      while One.Agent_Callable loop
         delay 0.01;
      end loop;
      Show ("one terminated", One.Agent_Terminated);
      for I in Row'Range loop
         Row (I).Run (I);
         while not Row (I).Agent_Terminated loop
            delay 0.01;
         end loop;
      end loop;
      Far.Run (30);
      while Far.all.Agent_Callable loop
         delay 0.01;
      end loop;
      Show ("far callable after raising", Far.Agent_Callable);
   end Jobs;
begin
   Logging;
   Counting;
   Jobs;
   Put_Line ("PASSED");
end Main;
