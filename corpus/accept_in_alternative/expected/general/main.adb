--  Accepts in the statements of a select alternative.  Mutex is Ben-Ari's
--  binary semaphore: "select accept Wait; accept Signal; or terminate;".
--  Turns hands out turns in order: after Take it counts, then waits for
--  Give back, then advances; its other alternative (Peek) goes straight on.
with Ada.Finalization;
with Ada.Exceptions;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Mutex_Entry is (Mutex_No_Entry, Mutex_Wait, Mutex_Signal);
   type Mutex_Alternative is record
      Id : Mutex_Entry := Mutex_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Mutex_Alternative_List is array (Positive range <>) of Mutex_Alternative;
   --  rdv2po: task Mutex became this protected object; its code runs in the
   --  task Mutex_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Mutex is
      entry Wait;
      entry Signal;
      --  rdv2po: the rendezvous protocol, for Mutex_Agent
      entry Select_Arm
        (Order : Mutex_Alternative_List;
         Chosen_Position : out Natural);
      entry Wait_Held;
      procedure Wait_Woken;
      procedure Wait_Take;
      entry Signal_Accept_Begin;
      procedure Close;
   private
      entry Select_Wait
        (Order : Mutex_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Mutex_Alternative);
      function Queued (Alternative : Mutex_Alternative) return Boolean;
      function Position_Of (Alternative : Mutex_Alternative) return Natural;
      Armed_List : Mutex_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Mutex_Entry := Mutex_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Wait_Armed : Boolean := False;
   end Mutex;
   task Mutex_Agent is
      --  rdv2po: general scheme agent of Mutex
      entry Wake_1 (Positive range 1 .. 1);
   end Mutex_Agent;

   protected body Mutex is

      entry Wait
        when Closed
          or else (Chosen = Mutex_No_Entry
                   and then Wait_Armed
                   and then Wait_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Mutex_Agent.Wake_1
              (Position_Of ((Id => Mutex_Wait, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Mutex_Wait, Index => 0));
         Wait_Woken;
      end Wait;

      entry Wait_Held
        when Closed or else (Chosen = Mutex_No_Entry and then Wait_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mutex_Wait, Index => 0));
         Wait_Woken;
      end Wait_Held;

      entry Signal
        when Closed
          or else (Chosen = Mutex_No_Entry
                   and then Signal_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Mutex_Signal;
      end Signal;

      entry Select_Arm
        (Order : Mutex_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Mutex_No_Entry then
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
        (Order : Mutex_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Mutex_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Wait_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Mutex_Alternative) is
      begin
         case Alternative.Id is
            when Mutex_Wait =>
               Wait_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Mutex_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Mutex_Wait =>
               return Mutex.Wait'Count + Wait_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Mutex_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Wait_Take is
      begin
         Chosen := Mutex_No_Entry;
      end Wait_Take;

      procedure Wait_Woken is
      begin
         Disarm;
         Chosen := Mutex_Wait;
      end Wait_Woken;

      entry Signal_Accept_Begin
        when Chosen = Mutex_Signal is
      begin
         Chosen := Mutex_No_Entry;
      end Signal_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Mutex;

   task body Mutex_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Mutex_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Mutex_Closer);
      overriding procedure Finalize (Object : in out Mutex_Closer) is
      begin
         Mutex.Close;
      end Finalize;
      Closer : Mutex_Closer;
   begin
      loop
         declare
            Alternatives : constant Mutex_Alternative_List :=
              (1 => (Mutex_Wait, 0));
            Choice : Natural;
         begin
            Mutex.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Mutex.Wait_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Mutex.Wait_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Mutex.Wait_Take;
                  Mutex.Signal_Accept_Begin;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Mutex_Agent;

   type Turns_Entry is (Turns_No_Entry, Turns_Take, Turns_Give, Turns_Peek);
   type Turns_Alternative is record
      Id : Turns_Entry := Turns_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Turns_Alternative_List is array (Positive range <>) of Turns_Alternative;
   --  rdv2po: task Turns became this protected object; its code runs in the
   --  task Turns_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Turns is
      entry Take (Who : out Positive);
      entry Give;
      entry Peek (Who : out Positive; Taken : out Natural);
      --  rdv2po: the rendezvous protocol, for Turns_Agent
      entry Select_Arm
        (Order : Turns_Alternative_List;
         Chosen_Position : out Natural);
      entry Take_Held (Who : out Positive);
      procedure Take_Woken (Who : in Positive);
      procedure Take_Take (Who : out Positive);
      procedure Take_Accept_End (Who : in Positive);
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (Who : out Positive);
      entry Give_Accept_Begin;
      entry Peek_Held (Who : out Positive; Taken : out Natural);
      procedure Peek_Woken (Who : in Positive; Taken : in Natural);
      procedure Peek_Take (Who : out Positive; Taken : out Natural);
      procedure Peek_Accept_End (Who : in Positive; Taken : in Natural);
      procedure Peek_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Peek_Queue (Who : out Positive; Taken : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Turns_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Turns_Alternative);
      function Queued (Alternative : Turns_Alternative) return Boolean;
      function Position_Of (Alternative : Turns_Alternative) return Natural;
      Armed_List : Turns_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Turns_Entry := Turns_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Take_Armed : Boolean := False;
      Take_Who : Positive;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
      Peek_Armed : Boolean := False;
      Peek_Who : Positive;
      Peek_Taken : Natural;
      Peek_Done : Boolean := False;
      Peek_Raised : Boolean := False;
      Peek_Failure : Ada.Exceptions.Exception_Occurrence;
   end Turns;
   task Turns_Agent is
      --  rdv2po: general scheme agent of Turns
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : out Positive);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Positive; Value_2 : out Natural);
   end Turns_Agent;

   protected body Turns is

      entry Take (Who : out Positive)
        when Closed
          or else (Chosen = Turns_No_Entry
                   and then Take_Armed
                   and then Take_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Turns_Agent.Wake_1
              (Position_Of ((Id => Turns_Take, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Turns_Take, Index => 0));
         Take_Woken (Who);
         requeue Take_Queue;
      end Take;

      entry Take_Held (Who : out Positive)
        when Closed or else (Chosen = Turns_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Turns_Take, Index => 0));
         Take_Woken (Who);
         requeue Take_Queue;
      end Take_Held;

      entry Give
        when Closed
          or else (Chosen = Turns_No_Entry
                   and then Give_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Turns_Give;
      end Give;

      entry Peek (Who : out Positive; Taken : out Natural)
        when Closed
          or else (Chosen = Turns_No_Entry
                   and then Peek_Armed
                   and then Peek_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Turns_Agent.Wake_2
              (Position_Of ((Id => Turns_Peek, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Turns_Peek, Index => 0));
         Peek_Woken (Who, Taken);
         requeue Peek_Queue;
      end Peek;

      entry Peek_Held (Who : out Positive; Taken : out Natural)
        when Closed or else (Chosen = Turns_No_Entry and then Peek_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Turns_Peek, Index => 0));
         Peek_Woken (Who, Taken);
         requeue Peek_Queue;
      end Peek_Held;

      entry Select_Arm
        (Order : Turns_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Turns_No_Entry then
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
        (Order : Turns_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Turns_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Take_Armed := False;
         Peek_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Turns_Alternative) is
      begin
         case Alternative.Id is
            when Turns_Take =>
               Take_Armed := True;
            when Turns_Peek =>
               Peek_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Turns_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Turns_Take =>
               return Turns.Take'Count + Take_Held'Count > 0;
            when Turns_Peek =>
               return Turns.Peek'Count + Peek_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Turns_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Take_Take (Who : out Positive) is
      begin
         Who := Take_Who;
         Chosen := Turns_No_Entry;
      end Take_Take;

      procedure Take_Woken (Who : in Positive) is
      begin
         Disarm;
         Chosen := Turns_Take;
         Take_Who := Who;
         Take_Done := False;
      end Take_Woken;

      procedure Take_Accept_End (Who : in Positive) is
      begin
         Take_Who := Who;
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (Who : out Positive)
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
         Who := Take_Who;
      end Take_Queue;

      entry Give_Accept_Begin
        when Chosen = Turns_Give is
      begin
         Chosen := Turns_No_Entry;
      end Give_Accept_Begin;

      procedure Peek_Take (Who : out Positive; Taken : out Natural) is
      begin
         Who := Peek_Who;
         Taken := Peek_Taken;
         Chosen := Turns_No_Entry;
      end Peek_Take;

      procedure Peek_Woken (Who : in Positive; Taken : in Natural) is
      begin
         Disarm;
         Chosen := Turns_Peek;
         Peek_Who := Who;
         Peek_Taken := Taken;
         Peek_Done := False;
      end Peek_Woken;

      procedure Peek_Accept_End (Who : in Positive; Taken : in Natural) is
      begin
         Peek_Who := Who;
         Peek_Taken := Taken;
         Peek_Done := True;
      end Peek_Accept_End;

      procedure Peek_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Peek_Failure, Occurrence);
         Peek_Raised := True;
         Peek_Done := True;
      end Peek_Failed;

      entry Peek_Queue (Who : out Positive; Taken : out Natural)
        when Peek_Done or else Closed is
      begin
         if not Peek_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Peek_Done := False;
         if Peek_Raised then
            Peek_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Peek_Failure);
         end if;
         Who := Peek_Who;
         Taken := Peek_Taken;
      end Peek_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Turns;

   task body Turns_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Turns_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Turns_Closer);
      overriding procedure Finalize (Object : in out Turns_Closer) is
      begin
         Turns.Close;
      end Finalize;
      Closer : Turns_Closer;
      Next  : Positive := 1;
      Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Turns_Alternative_List :=
              (1 => (Turns_Take, 0),
               2 => (Turns_Peek, 0));
            Choice : Natural;
         begin
            Turns.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : out Positive) do
                     Turns.Take_Woken (Value_1);
                     requeue Turns.Take_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Positive; Value_2 : out Natural) do
                     Turns.Peek_Woken (Value_1, Value_2);
                     requeue Turns.Peek_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : out Positive) do
                        requeue Turns.Take_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Positive; Value_2 : out Natural) do
                        requeue Turns.Peek_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Who : Positive;
                  begin
                     Turns.Take_Take (Who);
                     begin
                        Who := Next;
                     exception
                        when Occurrence : others =>
                           Turns.Take_Failed (Occurrence);
                           raise;
                     end;
                     Turns.Take_Accept_End (Who);
                  end;
                  Count := Count + 1;
                  Turns.Give_Accept_Begin;
                  Next := Next mod 3 + 1;
               when 2 =>
                  declare
                     Who : Positive;
                     Taken : Natural;
                  begin
                     Turns.Peek_Take (Who, Taken);
                     begin
                        Who := Next;
                        Taken := Count;
                     exception
                        when Occurrence : others =>
                           Turns.Peek_Failed (Occurrence);
                           raise;
                     end;
                     Turns.Peek_Accept_End (Who, Taken);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Turns_Agent;

   Shared : Natural := 0;

   task type Worker (Id : Positive);
   task body Worker is
      Me : Positive;
   begin
      for I in 1 .. 100 loop
         Mutex.Wait;
         Shared := Shared + Id;
         Mutex.Signal;
      end loop;
      Turns.Take (Me);
      Turns.Give;
   end Worker;

   Who   : Positive;
   Taken : Natural;
begin
   declare
      A : Worker (1);
      B : Worker (2);
      C : Worker (3);
   begin
      null;
   end;
   Turns.Peek (Who, Taken);
   Put_Line ("shared" & Natural'Image (Shared) & ", next" & Positive'Image (Who)
             & ", taken" & Natural'Image (Taken));
   Put_Line ("PASSED");
end Main;
