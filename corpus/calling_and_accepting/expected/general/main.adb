--  A calling server and an accepting server in one program: Dispatcher
--  hands each worker of a task array a job number with one Start call in a
--  for loop; the workers send their results to Collector, a select loop
--  with Put, a guarded Get (open once all four results are in) and a
--  terminate alternative.  Main reads the results with Collector.Get.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Size : constant := 4;
   type Value_Array is array (1 .. Size) of Integer;

   type Collector_Entry is (Collector_No_Entry, Collector_Put, Collector_Get);
   type Collector_Alternative is record
      Id : Collector_Entry := Collector_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Collector_Alternative_List is array (Positive range <>) of Collector_Alternative;
   --  rdv2po: task Collector became this protected object; its code runs in
   --  the task Collector_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Collector is
      entry Put (Id : Integer; Value : Integer);
      entry Get (Values : out Value_Array);
      --  rdv2po: the rendezvous protocol, for Collector_Agent
      entry Select_Arm
        (Order : Collector_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (Id : Integer; Value : Integer);
      procedure Put_Woken (Id : in Integer; Value : in Integer);
      procedure Put_Take (Id : out Integer; Value : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (Id : in Integer; Value : in Integer);
      entry Get_Held (Values : out Value_Array);
      procedure Get_Woken (Values : in Value_Array);
      procedure Get_Take (Values : out Value_Array);
      procedure Get_Accept_End (Values : in Value_Array);
      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Values : in Value_Array);
      entry Get_Queue (Values : out Value_Array);
      procedure Close;
   private
      entry Select_Wait
        (Order : Collector_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Collector_Alternative);
      function Queued (Alternative : Collector_Alternative) return Boolean;
      function Position_Of (Alternative : Collector_Alternative) return Natural;
      Armed_List : Collector_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Collector_Entry := Collector_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_Id : Integer;
      Put_Value : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Values : Value_Array;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Collector;
   task Collector_Agent is
      --  rdv2po: general scheme agent of Collector
      entry Wake_1 (Positive range 1 .. 2)
        (Value_1 : in Integer; Value_2 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Value_Array);
   end Collector_Agent;

   protected body Collector is

      entry Put (Id : Integer; Value : Integer)
        when Closed
          or else (Chosen = Collector_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Collector_Agent.Wake_1
              (Position_Of ((Id => Collector_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Collector_Put, Index => 0));
         Put_Woken (Id, Value);
         requeue Put_Queue;
      end Put;

      entry Put_Held (Id : Integer; Value : Integer)
        when Closed or else (Chosen = Collector_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Collector_Put, Index => 0));
         Put_Woken (Id, Value);
         requeue Put_Queue;
      end Put_Held;

      entry Get (Values : out Value_Array)
        when Closed
          or else (Chosen = Collector_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Collector_Agent.Wake_2
              (Position_Of ((Id => Collector_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Collector_Get, Index => 0));
         Get_Woken (Values);
         requeue Get_Queue;
      end Get;

      entry Get_Held (Values : out Value_Array)
        when Closed or else (Chosen = Collector_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Collector_Get, Index => 0));
         Get_Woken (Values);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Collector_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Collector_No_Entry then
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
        (Order : Collector_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Collector_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Collector_Alternative) is
      begin
         case Alternative.Id is
            when Collector_Put =>
               Put_Armed := True;
            when Collector_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Collector_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Collector_Put =>
               return Collector.Put'Count + Put_Held'Count > 0;
            when Collector_Get =>
               return Collector.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Collector_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (Id : out Integer; Value : out Integer) is
      begin
         Id := Put_Id;
         Value := Put_Value;
         Chosen := Collector_No_Entry;
      end Put_Take;

      procedure Put_Woken (Id : in Integer; Value : in Integer) is
      begin
         Disarm;
         Chosen := Collector_Put;
         Put_Id := Id;
         Put_Value := Value;
         Put_Done := False;
      end Put_Woken;

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

      entry Put_Queue (Id : in Integer; Value : in Integer)
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

      procedure Get_Take (Values : out Value_Array) is
      begin
         Values := Get_Values;
         Chosen := Collector_No_Entry;
      end Get_Take;

      procedure Get_Woken (Values : in Value_Array) is
      begin
         Disarm;
         Chosen := Collector_Get;
         Get_Values := Values;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (Values : in Value_Array) is
      begin
         Get_Values := Values;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Values : in Value_Array) is
      begin
         Get_Values := Values;
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Values : out Value_Array)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            Values := Get_Values;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         Values := Get_Values;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Collector;

   task body Collector_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Collector_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Collector_Closer);
      overriding procedure Finalize (Object : in out Collector_Closer) is
      begin
         Collector.Close;
      end Finalize;
      Closer : Collector_Closer;
      Store : Value_Array := (others => 0);
      Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Collector_Alternative_List :=
              (1 => (Collector_Put, 0),
               2 => ((if Count = Size then Collector_Get else Collector_No_Entry), 0));
            Choice : Natural;
         begin
            Collector.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Integer; Value_2 : in Integer) do
                     Collector.Put_Woken (Value_1, Value_2);
                     requeue Collector.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Value_Array) do
                     Collector.Get_Woken (Value_1);
                     requeue Collector.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Integer; Value_2 : in Integer) do
                        requeue Collector.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Value_Array) do
                        requeue Collector.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Id : Integer;
                     Value : Integer;
                  begin
                     Collector.Put_Take (Id, Value);
                     begin
                        Store (Id) := Value;
                        Count := Count + 1;
                     exception
                        when Occurrence : others =>
                           Collector.Put_Failed (Occurrence);
                           raise;
                     end;
                     Collector.Put_Accept_End;
                  end;
               when 2 =>
                  declare
                     Values : Value_Array;
                  begin
                     Collector.Get_Take (Values);
                     begin
                        Values := Store;
                     exception
                        when Occurrence : others =>
                           Collector.Get_Failed (Occurrence, Values);
                           raise;
                     end;
                     Collector.Get_Accept_End (Values);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Collector_Agent;

   type Worker;
   type Worker_Entry is (Worker_No_Entry, Worker_Start);
   task type Worker_Agent (Self : not null access Worker) is
      --  rdv2po: general scheme agent of Worker
   end Worker_Agent;
   --  rdv2po: task type Worker became this protected type; its code runs in
   --  Worker_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Worker is
      entry Start (Id : Integer; Job : Integer);
      --  rdv2po: the rendezvous protocol, for Worker_Agent
      entry Start_Accept_Begin (Id : out Integer; Job : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Id : in Integer; Job : in Integer);
      procedure Close;
   private
      Chosen : Worker_Entry := Worker_No_Entry;
      Closed : Boolean := False;
      Start_Id : Integer;
      Start_Job : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Worker_Agent (Self => Worker'Unchecked_Access);
   end Worker;

   protected body Worker is

      entry Start (Id : Integer; Job : Integer)
        when Closed
          or else (Chosen = Worker_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Worker_Start;
         Start_Id := Id;
         Start_Job := Job;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Start_Accept_Begin (Id : out Integer; Job : out Integer)
        when Chosen = Worker_Start is
      begin
         Id := Start_Id;
         Job := Start_Job;
         Chosen := Worker_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (Id : in Integer; Job : in Integer)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Worker;

   task body Worker_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Worker_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Worker_Closer);
      overriding procedure Finalize (Object : in out Worker_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Worker_Closer;
      My_Id, My_Job : Integer;
   begin
      declare
         Id : Integer;
         Job : Integer;
      begin
         Self.Start_Accept_Begin (Id, Job);
         begin
            My_Id := Id;
            My_Job := Job;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      Collector.Put (My_Id, My_Job * 3 - My_Id);
   end Worker_Agent;

   Team : array (1 .. Size) of Worker;

   task Dispatcher;

   task body Dispatcher is
      Job : Integer := 100;
   begin
      for I in Team'Range loop
         Team (I).Start (I, Job);
         Job := Job + 11 * I;
      end loop;
   end Dispatcher;

   Values : Value_Array;
   Total  : Integer := 0;

begin
   Collector.Get (Values);
   for I in Values'Range loop
      Put_Line ("job" & Integer'Image (I) & " result" & Integer'Image (Values (I)));
      Total := Total + Values (I);
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Values = (299, 331, 396, 494) and Total = 1520 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
