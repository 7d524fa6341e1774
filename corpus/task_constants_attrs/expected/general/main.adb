--  Objects of a task type held in constants (a task built by a function,
--  Ada 2005; a constant array of them) whose entries are called, and
--  'Terminated / 'Callable of objects of the type, also inside the type's
--  own body (a job waiting for another through an array of access values).
--  Under the general scheme the constants become variables (entries of a
--  constant protected object cannot be called; a task is limited, so
--  nothing else changes) and the attributes ask the objects.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Server_Task;
   type Server_Task_Entry is (Server_Task_No_Entry, Server_Task_Get);
   type Server_Task_Alternative is record
      Id : Server_Task_Entry := Server_Task_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Task_Alternative_List is array (Positive range <>) of Server_Task_Alternative;
   task type Server_Task_Agent
     (Self : not null access Server_Task;
      Base : Integer) is
      --  rdv2po: general scheme agent of Server_Task
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : out Integer);
   end Server_Task_Agent;
   --  rdv2po: task type Server_Task became this protected type; its code runs
   --  in Server_Task_Agent, a component of it (general scheme: each rendezvous
   --  goes through the object)
   protected type Server_Task (Base : Integer) is
      entry Get (X : out Integer);
      --  rdv2po: the rendezvous protocol, for Server_Task_Agent
      entry Select_Arm
        (Order : Server_Task_Alternative_List;
         Chosen_Position : out Natural);
      entry Get_Held (X : out Integer);
      procedure Get_Woken (X : in Integer);
      procedure Get_Take (X : out Integer);
      procedure Get_Accept_End (X : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (X : out Integer);
      function Agent_Callable return Boolean;
      procedure Close;
   private
      entry Select_Wait
        (Order : Server_Task_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Task_Alternative);
      function Queued (Alternative : Server_Task_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Task_Alternative) return Natural;
      Armed_List : Server_Task_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Task_Entry := Server_Task_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Get_Armed : Boolean := False;
      Get_X : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Server_Task_Agent (Self => Server_Task'Unchecked_Access, Base => Base);
   end Server_Task;

   protected body Server_Task is

      entry Get (X : out Integer)
        when Closed
          or else (Chosen = Server_Task_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Server_Task_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Task_Get, Index => 0));
         Get_Woken (X);
         requeue Get_Queue;
      end Get;

      entry Get_Held (X : out Integer)
        when Closed or else (Chosen = Server_Task_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Task_Get, Index => 0));
         Get_Woken (X);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Server_Task_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Server_Task_No_Entry then
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
        (Order : Server_Task_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Server_Task_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Server_Task_Alternative) is
      begin
         case Alternative.Id is
            when Server_Task_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Task_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Task_Get =>
               return Server_Task.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Server_Task_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Get_Take (X : out Integer) is
      begin
         X := Get_X;
         Chosen := Server_Task_No_Entry;
      end Get_Take;

      procedure Get_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Server_Task_Get;
         Get_X := X;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (X : in Integer) is
      begin
         Get_X := X;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (X : out Integer)
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
         X := Get_X;
      end Get_Queue;

      function Agent_Callable return Boolean is
      begin
         return not Closed and then Agent'Callable;
      end Agent_Callable;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Server_Task;

   task body Server_Task_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Server_Task_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Server_Task_Closer);
      overriding procedure Finalize (Object : in out Server_Task_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Server_Task_Closer;
   begin
      loop
         declare
            Alternatives : constant Server_Task_Alternative_List :=
              (1 => (Server_Task_Get, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : out Integer) do
                     Self.Get_Woken (Value_1);
                     requeue Self.Get_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : out Integer) do
                        requeue Self.Get_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Self.Get_Take (X);
                     begin
                        X := Base;
                     exception
                        when Occurrence : others =>
                           Self.Get_Failed (Occurrence);
                           raise;
                     end;
                     Self.Get_Accept_End (X);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Task_Agent;

   function Make (B : Integer) return Server_Task is
   begin
      return S : Server_Task (B);
   end Make;

   type Server_Pair is array (1 .. 2) of Server_Task (0);

   Server : Server_Task := Make (42);
   Pair   : Server_Pair := (others => Make (0));

   type Job;
   type Job_Entry is (Job_No_Entry, Job_Go);
   task type Job_Agent (Self : not null access Job; Id : Natural) is
      --  rdv2po: general scheme agent of Job
   end Job_Agent;
   --  rdv2po: task type Job became this protected type; its code runs in
   --  Job_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Job (Id : Natural) is
      entry Go (N : Integer);
      --  rdv2po: the rendezvous protocol, for Job_Agent
      entry Go_Accept_Begin (N : out Integer);
      procedure Go_Accept_End;
      procedure Go_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Go_Queue (N : in Integer);
      function Agent_Callable return Boolean;
      function Agent_Terminated return Boolean;
      procedure Close;
   private
      Chosen : Job_Entry := Job_No_Entry;
      Closed : Boolean := False;
      Go_N : Integer;
      Go_Done : Boolean := False;
      Go_Raised : Boolean := False;
      Go_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Job_Agent (Self => Job'Unchecked_Access, Id => Id);
   end Job;
   type Job_Ref is access Job;
   Jobs : array (1 .. 2) of Job_Ref;

   Waited : Boolean := False;
   pragma Atomic (Waited);

   protected body Job is

      entry Go (N : Integer)
        when Closed
          or else (Chosen = Job_No_Entry and then Go_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Job_Go;
         Go_N := N;
         Go_Done := False;
         requeue Go_Queue;
      end Go;

      entry Go_Accept_Begin (N : out Integer)
        when Chosen = Job_Go is
      begin
         N := Go_N;
         Chosen := Job_No_Entry;
      end Go_Accept_Begin;

      procedure Go_Accept_End is
      begin
         Go_Done := True;
      end Go_Accept_End;

      procedure Go_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Go_Failure, Occurrence);
         Go_Raised := True;
         Go_Done := True;
      end Go_Failed;

      entry Go_Queue (N : in Integer)
        when Go_Done or else Closed is
      begin
         if not Go_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Go_Done := False;
         if Go_Raised then
            Go_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Go_Failure);
         end if;
      end Go_Queue;

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
         N : Integer;
      begin
         Self.Go_Accept_Begin (N);
         begin
            null;
         exception
            when Occurrence : others =>
               Self.Go_Failed (Occurrence);
               raise;
         end;
         Self.Go_Accept_End;
      end;
      if Id = 2 then
         while not Jobs (1).Agent_Terminated loop    --  another object of the type
            delay 0.001;
         end loop;
         Waited := Jobs (1).Agent_Terminated and then Self.Agent_Callable;
      end if;
   end Job_Agent;

   V, W : Integer;
begin
   Server.Get (V);
   Pair (2).Get (W);
   Put_Line ("Server:" & Integer'Image (V) & ", Pair (2):" & Integer'Image (W));
   Jobs (1) := new Job (1);
   Jobs (2) := new Job (2);
   Jobs (2).Go (1);
   Jobs (1).Go (1);
   while not Jobs (2).Agent_Terminated loop
      delay 0.001;
   end loop;
   Put_Line ("job 2 saw job 1 terminated: " & Boolean'Image (Waited));
   Put_Line ("job 1 callable: " & Boolean'Image (Jobs (1).Agent_Callable));
   Put_Line ("server callable: " & Boolean'Image (Server.Agent_Callable));
   Put_Line ("PASSED");
end Main;
