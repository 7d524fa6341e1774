--  A dispatcher that hands each job on to one of two workers by a requeue,
--  all three servers that print.  The caller-runs scheme refuses the workers
--  (and the dispatcher, whose accept body requeues): running the worker's
--  code after giving the dispatcher's turn back would let a job requeued
--  later reach a worker first, where the tasks queue the jobs on the
--  worker's entry in the order the dispatcher requeued them, and each
--  worker numbers the jobs it takes.  Main submits the jobs one after the
--  other, so what is printed has one order.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Size is (Small, Large);

   type Small_Worker_Entry is (Small_Worker_No_Entry, Small_Worker_Take);
   type Small_Worker_Alternative is record
      Id : Small_Worker_Entry := Small_Worker_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Small_Worker_Alternative_List is array (Positive range <>) of Small_Worker_Alternative;
   --  rdv2po: task Small_Worker became this protected object; its code runs in
   --  the task Small_Worker_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Small_Worker is
      entry Take (Job : Positive; Of_Size : Size);
      --  rdv2po: the rendezvous protocol, for Small_Worker_Agent
      entry Select_Arm
        (Order : Small_Worker_Alternative_List;
         Chosen_Position : out Natural);
      entry Take_Held (Job : Positive; Of_Size : Size);
      procedure Take_Woken (Job : in Positive; Of_Size : in Size);
      procedure Take_Take (Job : out Positive; Of_Size : out Size);
      procedure Take_Accept_End;
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (Job : in Positive; Of_Size : in Size);
      procedure Close;
   private
      entry Select_Wait
        (Order : Small_Worker_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Small_Worker_Alternative);
      function Queued (Alternative : Small_Worker_Alternative) return Boolean;
      function Position_Of (Alternative : Small_Worker_Alternative) return Natural;
      Armed_List : Small_Worker_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Small_Worker_Entry := Small_Worker_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Take_Armed : Boolean := False;
      Take_Job : Positive;
      Take_Of_Size : Size;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
   end Small_Worker;
   task Small_Worker_Agent is
      --  rdv2po: general scheme agent of Small_Worker
      entry Wake_1 (Positive range 1 .. 1)
        (Value_1 : in Positive; Value_2 : in Size);
   end Small_Worker_Agent;

   type Large_Worker_Entry is (Large_Worker_No_Entry, Large_Worker_Take);
   type Large_Worker_Alternative is record
      Id : Large_Worker_Entry := Large_Worker_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Large_Worker_Alternative_List is array (Positive range <>) of Large_Worker_Alternative;
   --  rdv2po: task Large_Worker became this protected object; its code runs in
   --  the task Large_Worker_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Large_Worker is
      entry Take (Job : Positive; Of_Size : Size);
      --  rdv2po: the rendezvous protocol, for Large_Worker_Agent
      entry Select_Arm
        (Order : Large_Worker_Alternative_List;
         Chosen_Position : out Natural);
      entry Take_Held (Job : Positive; Of_Size : Size);
      procedure Take_Woken (Job : in Positive; Of_Size : in Size);
      procedure Take_Take (Job : out Positive; Of_Size : out Size);
      procedure Take_Accept_End;
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (Job : in Positive; Of_Size : in Size);
      procedure Close;
   private
      entry Select_Wait
        (Order : Large_Worker_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Large_Worker_Alternative);
      function Queued (Alternative : Large_Worker_Alternative) return Boolean;
      function Position_Of (Alternative : Large_Worker_Alternative) return Natural;
      Armed_List : Large_Worker_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Large_Worker_Entry := Large_Worker_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Take_Armed : Boolean := False;
      Take_Job : Positive;
      Take_Of_Size : Size;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
   end Large_Worker;
   task Large_Worker_Agent is
      --  rdv2po: general scheme agent of Large_Worker
      entry Wake_1 (Positive range 1 .. 1)
        (Value_1 : in Positive; Value_2 : in Size);
   end Large_Worker_Agent;

   type Dispatcher_Entry is (Dispatcher_No_Entry, Dispatcher_Submit);
   type Dispatcher_Alternative is record
      Id : Dispatcher_Entry := Dispatcher_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Dispatcher_Alternative_List is array (Positive range <>) of Dispatcher_Alternative;
   --  rdv2po: task Dispatcher became this protected object; its code runs in
   --  the task Dispatcher_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Dispatcher is
      entry Submit (Job : Positive; Of_Size : Size);
      --  rdv2po: the rendezvous protocol, for Dispatcher_Agent
      entry Select_Arm
        (Order : Dispatcher_Alternative_List;
         Chosen_Position : out Natural);
      entry Submit_Held (Job : Positive; Of_Size : Size);
      procedure Submit_Woken (Job : in Positive; Of_Size : in Size);
      procedure Submit_Take (Job : out Positive; Of_Size : out Size);
      procedure Submit_Accept_End;
      procedure Submit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Submit_Queue (Job : in Positive; Of_Size : in Size);
      procedure Submit_Requeue_1;
      procedure Submit_Requeue_2;
      procedure Close;
   private
      entry Select_Wait
        (Order : Dispatcher_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Dispatcher_Alternative);
      function Queued (Alternative : Dispatcher_Alternative) return Boolean;
      function Position_Of (Alternative : Dispatcher_Alternative) return Natural;
      Armed_List : Dispatcher_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Dispatcher_Entry := Dispatcher_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Submit_Armed : Boolean := False;
      Submit_Job : Positive;
      Submit_Of_Size : Size;
      Submit_Done : Boolean := False;
      Submit_Raised : Boolean := False;
      Submit_Failure : Ada.Exceptions.Exception_Occurrence;
      Submit_Target : Natural := 0;
   end Dispatcher;
   task Dispatcher_Agent is
      --  rdv2po: general scheme agent of Dispatcher
      entry Wake_1 (Positive range 1 .. 1)
        (Value_1 : in Positive; Value_2 : in Size);
   end Dispatcher_Agent;

   protected body Dispatcher is

      entry Submit (Job : Positive; Of_Size : Size)
        when Closed
          or else (Chosen = Dispatcher_No_Entry
                   and then Submit_Armed
                   and then Submit_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Dispatcher_Agent.Wake_1
              (Position_Of ((Id => Dispatcher_Submit, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Dispatcher_Submit, Index => 0));
         Submit_Woken (Job, Of_Size);
         requeue Submit_Queue;
      end Submit;

      entry Submit_Held (Job : Positive; Of_Size : Size)
        when Closed
          or else (Chosen = Dispatcher_No_Entry and then Submit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dispatcher_Submit, Index => 0));
         Submit_Woken (Job, Of_Size);
         requeue Submit_Queue;
      end Submit_Held;

      entry Select_Arm
        (Order : Dispatcher_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Dispatcher_No_Entry then
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
        (Order : Dispatcher_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Dispatcher_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Submit_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Dispatcher_Alternative) is
      begin
         case Alternative.Id is
            when Dispatcher_Submit =>
               Submit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Dispatcher_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Dispatcher_Submit =>
               return Dispatcher.Submit'Count + Submit_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Dispatcher_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Submit_Take (Job : out Positive; Of_Size : out Size) is
      begin
         Job := Submit_Job;
         Of_Size := Submit_Of_Size;
         Chosen := Dispatcher_No_Entry;
      end Submit_Take;

      procedure Submit_Woken (Job : in Positive; Of_Size : in Size) is
      begin
         Disarm;
         Chosen := Dispatcher_Submit;
         Submit_Job := Job;
         Submit_Of_Size := Of_Size;
         Submit_Done := False;
      end Submit_Woken;

      procedure Submit_Accept_End is
      begin
         Submit_Done := True;
      end Submit_Accept_End;

      procedure Submit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Submit_Failure, Occurrence);
         Submit_Raised := True;
         Submit_Done := True;
      end Submit_Failed;

      entry Submit_Queue (Job : in Positive; Of_Size : in Size)
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
         if Submit_Target = 1 then
            Submit_Target := 0;
            requeue Small_Worker.Take with abort;
         end if;
         if Submit_Target = 2 then
            Submit_Target := 0;
            requeue Large_Worker.Take;
         end if;
      end Submit_Queue;

      procedure Submit_Requeue_1 is
      begin
         Submit_Target := 1;
         Submit_Done := True;
      end Submit_Requeue_1;

      procedure Submit_Requeue_2 is
      begin
         Submit_Target := 2;
         Submit_Done := True;
      end Submit_Requeue_2;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Dispatcher;

   task body Dispatcher_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Dispatcher_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Dispatcher_Closer);
      overriding procedure Finalize (Object : in out Dispatcher_Closer) is
      begin
         Dispatcher.Close;
      end Finalize;
      Closer : Dispatcher_Closer;
      Seen : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Dispatcher_Alternative_List :=
              (1 => (Dispatcher_Submit, 0));
            Choice : Natural;
         begin
            Dispatcher.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Positive; Value_2 : in Size) do
                     Dispatcher.Submit_Woken (Value_1, Value_2);
                     requeue Dispatcher.Submit_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Positive; Value_2 : in Size) do
                        requeue Dispatcher.Submit_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Job : Positive;
                     Of_Size : Size;
                  begin
                     Dispatcher.Submit_Take (Job, Of_Size);
                     begin
                        Put_Line ("dispatch job" & Positive'Image (Job));
                        case Of_Size is
                           when Small =>
                              Dispatcher.Submit_Requeue_1;
                              goto Submit_Requeued;
                           when Large =>
                              Dispatcher.Submit_Requeue_2;
                              goto Submit_Requeued;
                        end case;
                     exception
                        when Occurrence : others =>
                           Dispatcher.Submit_Failed (Occurrence);
                           raise;
                     end;
                     Dispatcher.Submit_Accept_End;
                     <<Submit_Requeued>>
                     null;
                  end;
                  Seen := Seen + 1;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Dispatcher_Agent;

   protected body Small_Worker is

      entry Take (Job : Positive; Of_Size : Size)
        when Closed
          or else (Chosen = Small_Worker_No_Entry
                   and then Take_Armed
                   and then Take_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Small_Worker_Agent.Wake_1
              (Position_Of ((Id => Small_Worker_Take, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Small_Worker_Take, Index => 0));
         Take_Woken (Job, Of_Size);
         requeue Take_Queue;
      end Take;

      entry Take_Held (Job : Positive; Of_Size : Size)
        when Closed
          or else (Chosen = Small_Worker_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Small_Worker_Take, Index => 0));
         Take_Woken (Job, Of_Size);
         requeue Take_Queue;
      end Take_Held;

      entry Select_Arm
        (Order : Small_Worker_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Small_Worker_No_Entry then
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
        (Order : Small_Worker_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Small_Worker_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Take_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Small_Worker_Alternative) is
      begin
         case Alternative.Id is
            when Small_Worker_Take =>
               Take_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Small_Worker_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Small_Worker_Take =>
               return Small_Worker.Take'Count + Take_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Small_Worker_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Take_Take (Job : out Positive; Of_Size : out Size) is
      begin
         Job := Take_Job;
         Of_Size := Take_Of_Size;
         Chosen := Small_Worker_No_Entry;
      end Take_Take;

      procedure Take_Woken (Job : in Positive; Of_Size : in Size) is
      begin
         Disarm;
         Chosen := Small_Worker_Take;
         Take_Job := Job;
         Take_Of_Size := Of_Size;
         Take_Done := False;
      end Take_Woken;

      procedure Take_Accept_End is
      begin
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (Job : in Positive; Of_Size : in Size)
        when Take_Done or else Closed is
      begin
         if not Take_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Done := False;
         if Take_Raised then
            Take_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Take_Failure);
         end if;
      end Take_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Small_Worker;

   task body Small_Worker_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Small_Worker_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Small_Worker_Closer);
      overriding procedure Finalize (Object : in out Small_Worker_Closer) is
      begin
         Small_Worker.Close;
      end Finalize;
      Closer : Small_Worker_Closer;
      Taken : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Small_Worker_Alternative_List :=
              (1 => (Small_Worker_Take, 0));
            Choice : Natural;
         begin
            Small_Worker.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Positive; Value_2 : in Size) do
                     Small_Worker.Take_Woken (Value_1, Value_2);
                     requeue Small_Worker.Take_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Positive; Value_2 : in Size) do
                        requeue Small_Worker.Take_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Job : Positive;
                     Of_Size : Size;
                  begin
                     Small_Worker.Take_Take (Job, Of_Size);
                     begin
                        Taken := Taken + 1;
                        Put_Line ("small worker: job" & Positive'Image (Job)
                                  & " is its number" & Natural'Image (Taken));
                     exception
                        when Occurrence : others =>
                           Small_Worker.Take_Failed (Occurrence);
                           raise;
                     end;
                     Small_Worker.Take_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Small_Worker_Agent;

   protected body Large_Worker is

      entry Take (Job : Positive; Of_Size : Size)
        when Closed
          or else (Chosen = Large_Worker_No_Entry
                   and then Take_Armed
                   and then Take_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Large_Worker_Agent.Wake_1
              (Position_Of ((Id => Large_Worker_Take, Index => 0)));
         end if;
         Position := Position_Of ((Id => Large_Worker_Take, Index => 0));
         Take_Woken (Job, Of_Size);
         requeue Take_Queue;
      end Take;

      entry Take_Held (Job : Positive; Of_Size : Size)
        when Closed
          or else (Chosen = Large_Worker_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Large_Worker_Take, Index => 0));
         Take_Woken (Job, Of_Size);
         requeue Take_Queue;
      end Take_Held;

      entry Select_Arm
        (Order : Large_Worker_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Large_Worker_No_Entry then
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
        (Order : Large_Worker_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Large_Worker_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Take_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Large_Worker_Alternative) is
      begin
         case Alternative.Id is
            when Large_Worker_Take =>
               Take_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Large_Worker_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Large_Worker_Take =>
               return Large_Worker.Take'Count + Take_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Large_Worker_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Take_Take (Job : out Positive; Of_Size : out Size) is
      begin
         Job := Take_Job;
         Of_Size := Take_Of_Size;
         Chosen := Large_Worker_No_Entry;
      end Take_Take;

      procedure Take_Woken (Job : in Positive; Of_Size : in Size) is
      begin
         Disarm;
         Chosen := Large_Worker_Take;
         Take_Job := Job;
         Take_Of_Size := Of_Size;
         Take_Done := False;
      end Take_Woken;

      procedure Take_Accept_End is
      begin
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (Job : in Positive; Of_Size : in Size)
        when Take_Done or else Closed is
      begin
         if not Take_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Done := False;
         if Take_Raised then
            Take_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Take_Failure);
         end if;
      end Take_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Large_Worker;

   task body Large_Worker_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Large_Worker_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Large_Worker_Closer);
      overriding procedure Finalize (Object : in out Large_Worker_Closer) is
      begin
         Large_Worker.Close;
      end Finalize;
      Closer : Large_Worker_Closer;
      Taken : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Large_Worker_Alternative_List :=
              (1 => (Large_Worker_Take, 0));
            Choice : Natural;
         begin
            Large_Worker.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Positive; Value_2 : in Size) do
                     Large_Worker.Take_Woken (Value_1, Value_2);
                     requeue Large_Worker.Take_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Positive; Value_2 : in Size) do
                        requeue Large_Worker.Take_Held;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Job : Positive;
                     Of_Size : Size;
                  begin
                     Large_Worker.Take_Take (Job, Of_Size);
                     begin
                        Taken := Taken + 1;
                        Put_Line ("large worker: job" & Positive'Image (Job)
                                  & " is its number" & Natural'Image (Taken)
                                  & " (" & Size'Image (Of_Size) & ")");
                     exception
                        when Occurrence : others =>
                           Large_Worker.Take_Failed (Occurrence);
                           raise;
                     end;
                     Large_Worker.Take_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Large_Worker_Agent;
begin
   for Job in 1 .. 5 loop
      if Job mod 2 = 0 then
         Dispatcher.Submit (Job, Large);
      else
         Dispatcher.Submit (Job, Small);
      end if;
   end loop;
   Put_Line ("all jobs done");
   Put_Line ("PASSED");
end Main;
