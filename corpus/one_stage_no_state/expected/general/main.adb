--  Two servers with one select each, whose code cannot raise: a lock whose
--  guards read a Boolean, and a register that copies an enumeration value in
--  and out.  Neither task can end but by its terminate alternative, so the
--  protected objects need no Stage and no exception handlers: the barriers
--  are the guards as written.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Mode is (Idle, Reading, Writing);

   type Lock_Entry is (Lock_No_Entry, Lock_Acquire, Lock_Release);
   type Lock_Alternative is record
      Id : Lock_Entry := Lock_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Lock_Alternative_List is array (Positive range <>) of Lock_Alternative;
   --  rdv2po: task Lock became this protected object; its code runs in the
   --  task Lock_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Lock is
      entry Acquire;
      entry Release;
      --  rdv2po: the rendezvous protocol, for Lock_Agent
      entry Select_Arm
        (Order : Lock_Alternative_List;
         Chosen_Position : out Natural);
      entry Acquire_Held;
      procedure Acquire_Woken;
      procedure Acquire_Take;
      procedure Acquire_Accept_End;
      procedure Acquire_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Acquire_Queue;
      entry Release_Held;
      procedure Release_Woken;
      procedure Release_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Lock_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Lock_Alternative);
      function Queued (Alternative : Lock_Alternative) return Boolean;
      function Position_Of (Alternative : Lock_Alternative) return Natural;
      Armed_List : Lock_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Lock_Entry := Lock_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Acquire_Armed : Boolean := False;
      Acquire_Done : Boolean := False;
      Acquire_Raised : Boolean := False;
      Acquire_Failure : Ada.Exceptions.Exception_Occurrence;
      Release_Armed : Boolean := False;
   end Lock;
   task Lock_Agent is
      --  rdv2po: general scheme agent of Lock
      entry Wake_1 (Positive range 1 .. 2);
   end Lock_Agent;

   protected body Lock is

      entry Acquire
        when Closed
          or else (Chosen = Lock_No_Entry
                   and then Acquire_Armed
                   and then Acquire_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Lock_Agent.Wake_1
              (Position_Of ((Id => Lock_Acquire, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Lock_Acquire, Index => 0));
         Acquire_Woken;
         requeue Acquire_Queue;
      end Acquire;

      entry Acquire_Held
        when Closed or else (Chosen = Lock_No_Entry and then Acquire_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Lock_Acquire, Index => 0));
         Acquire_Woken;
         requeue Acquire_Queue;
      end Acquire_Held;

      entry Release
        when Closed
          or else (Chosen = Lock_No_Entry
                   and then Release_Armed
                   and then Release_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Lock_Agent.Wake_1
              (Position_Of ((Id => Lock_Release, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Lock_Release, Index => 0));
         Release_Woken;
      end Release;

      entry Release_Held
        when Closed or else (Chosen = Lock_No_Entry and then Release_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Lock_Release, Index => 0));
         Release_Woken;
      end Release_Held;

      entry Select_Arm
        (Order : Lock_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Lock_No_Entry then
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
        (Order : Lock_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Lock_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Acquire_Armed := False;
         Release_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Lock_Alternative) is
      begin
         case Alternative.Id is
            when Lock_Acquire =>
               Acquire_Armed := True;
            when Lock_Release =>
               Release_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Lock_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Lock_Acquire =>
               return Lock.Acquire'Count + Acquire_Held'Count > 0;
            when Lock_Release =>
               return Lock.Release'Count + Release_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Lock_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Acquire_Take is
      begin
         Chosen := Lock_No_Entry;
      end Acquire_Take;

      procedure Acquire_Woken is
      begin
         Disarm;
         Chosen := Lock_Acquire;
         Acquire_Done := False;
      end Acquire_Woken;

      procedure Acquire_Accept_End is
      begin
         Acquire_Done := True;
      end Acquire_Accept_End;

      procedure Acquire_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Acquire_Failure, Occurrence);
         Acquire_Raised := True;
         Acquire_Done := True;
      end Acquire_Failed;

      entry Acquire_Queue
        when Acquire_Done or else Closed is
      begin
         if not Acquire_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Acquire_Done := False;
         if Acquire_Raised then
            Acquire_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Acquire_Failure);
         end if;
      end Acquire_Queue;

      procedure Release_Take is
      begin
         Chosen := Lock_No_Entry;
      end Release_Take;

      procedure Release_Woken is
      begin
         Disarm;
         Chosen := Lock_Release;
      end Release_Woken;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Lock;

   task body Lock_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Lock_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Lock_Closer);
      overriding procedure Finalize (Object : in out Lock_Closer) is
      begin
         Lock.Close;
      end Finalize;
      Closer : Lock_Closer;
      Held : Boolean := False;
   begin
      loop
         declare
            Alternatives : constant Lock_Alternative_List :=
              (1 => ((if not Held then Lock_Acquire else Lock_No_Entry), 0),
               2 => ((if Held then Lock_Release else Lock_No_Entry), 0));
            Choice : Natural;
         begin
            Lock.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Lock.Acquire_Woken;
                     requeue Lock.Acquire_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Lock.Release_Woken;
                  end Wake_1;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Lock.Acquire_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Lock.Release_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Lock.Acquire_Take;
                  begin
                     Held := True;
                  exception
                     when Occurrence : others =>
                        Lock.Acquire_Failed (Occurrence);
                        raise;
                  end;
                  Lock.Acquire_Accept_End;
               when 2 =>
                  Lock.Release_Take;
                  Held := False;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Lock_Agent;

   type Register_Entry is (Register_No_Entry, Register_Set, Register_Get);
   type Register_Alternative is record
      Id : Register_Entry := Register_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Register_Alternative_List is array (Positive range <>) of Register_Alternative;
   --  rdv2po: task Register became this protected object; its code runs in the
   --  task Register_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Register is
      entry Set (M : Mode);
      entry Get (M : out Mode);
      --  rdv2po: the rendezvous protocol, for Register_Agent
      entry Select_Arm
        (Order : Register_Alternative_List;
         Chosen_Position : out Natural);
      entry Set_Held (M : Mode);
      procedure Set_Woken (M : in Mode);
      procedure Set_Take (M : out Mode);
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (M : in Mode);
      entry Get_Held (M : out Mode);
      procedure Get_Woken (M : in Mode);
      procedure Get_Take (M : out Mode);
      procedure Get_Accept_End (M : in Mode);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (M : out Mode);
      procedure Close;
   private
      entry Select_Wait
        (Order : Register_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Register_Alternative);
      function Queued (Alternative : Register_Alternative) return Boolean;
      function Position_Of (Alternative : Register_Alternative) return Natural;
      Armed_List : Register_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Register_Entry := Register_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_M : Mode;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_M : Mode;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Register;
   task Register_Agent is
      --  rdv2po: general scheme agent of Register
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Mode);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Mode);
   end Register_Agent;

   protected body Register is

      entry Set (M : Mode)
        when Closed
          or else (Chosen = Register_No_Entry
                   and then Set_Armed
                   and then Set_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Register_Agent.Wake_1
              (Position_Of ((Id => Register_Set, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Register_Set, Index => 0));
         Set_Woken (M);
         requeue Set_Queue;
      end Set;

      entry Set_Held (M : Mode)
        when Closed or else (Chosen = Register_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Register_Set, Index => 0));
         Set_Woken (M);
         requeue Set_Queue;
      end Set_Held;

      entry Get (M : out Mode)
        when Closed
          or else (Chosen = Register_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Register_Agent.Wake_2
              (Position_Of ((Id => Register_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Register_Get, Index => 0));
         Get_Woken (M);
         requeue Get_Queue;
      end Get;

      entry Get_Held (M : out Mode)
        when Closed or else (Chosen = Register_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Register_Get, Index => 0));
         Get_Woken (M);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Register_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Register_No_Entry then
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
        (Order : Register_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Register_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Register_Alternative) is
      begin
         case Alternative.Id is
            when Register_Set =>
               Set_Armed := True;
            when Register_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Register_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Register_Set =>
               return Register.Set'Count + Set_Held'Count > 0;
            when Register_Get =>
               return Register.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Register_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Set_Take (M : out Mode) is
      begin
         M := Set_M;
         Chosen := Register_No_Entry;
      end Set_Take;

      procedure Set_Woken (M : in Mode) is
      begin
         Disarm;
         Chosen := Register_Set;
         Set_M := M;
         Set_Done := False;
      end Set_Woken;

      procedure Set_Accept_End is
      begin
         Set_Done := True;
      end Set_Accept_End;

      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Set_Failure, Occurrence);
         Set_Raised := True;
         Set_Done := True;
      end Set_Failed;

      entry Set_Queue (M : in Mode)
        when Set_Done or else Closed is
      begin
         if not Set_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Set_Done := False;
         if Set_Raised then
            Set_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Set_Failure);
         end if;
      end Set_Queue;

      procedure Get_Take (M : out Mode) is
      begin
         M := Get_M;
         Chosen := Register_No_Entry;
      end Get_Take;

      procedure Get_Woken (M : in Mode) is
      begin
         Disarm;
         Chosen := Register_Get;
         Get_M := M;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (M : in Mode) is
      begin
         Get_M := M;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (M : out Mode)
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
         M := Get_M;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Register;

   task body Register_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Register_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Register_Closer);
      overriding procedure Finalize (Object : in out Register_Closer) is
      begin
         Register.Close;
      end Finalize;
      Closer : Register_Closer;
      Current : Mode := Idle;
   begin
      loop
         declare
            Alternatives : constant Register_Alternative_List :=
              (1 => (Register_Set, 0),
               2 => (Register_Get, 0));
            Choice : Natural;
         begin
            Register.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Mode) do
                     Register.Set_Woken (Value_1);
                     requeue Register.Set_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Mode) do
                     Register.Get_Woken (Value_1);
                     requeue Register.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Mode) do
                        requeue Register.Set_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Mode) do
                        requeue Register.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     M : Mode;
                  begin
                     Register.Set_Take (M);
                     begin
                        Current := M;
                     exception
                        when Occurrence : others =>
                           Register.Set_Failed (Occurrence);
                           raise;
                     end;
                     Register.Set_Accept_End;
                  end;
               when 2 =>
                  declare
                     M : Mode;
                  begin
                     Register.Get_Take (M);
                     begin
                        M := Current;
                     exception
                        when Occurrence : others =>
                           Register.Get_Failed (Occurrence);
                           raise;
                     end;
                     Register.Get_Accept_End (M);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Register_Agent;

   Shared : Natural := 0;

   task type Worker (Id : Natural);
   task body Worker is
   begin
      for I in 1 .. 200 loop
         Lock.Acquire;
         Shared := Shared + Id;
         Lock.Release;
      end loop;
   end Worker;

   Seen : Mode;
begin
   declare
      A : Worker (1);
      B : Worker (2);
      C : Worker (3);
   begin
      null;
   end;
   Put_Line ("Shared =" & Natural'Image (Shared));
   Register.Get (Seen);
   Put_Line ("first " & Mode'Image (Seen));
   for M in Mode loop
      Register.Set (M);
      Register.Get (Seen);
      Put_Line ("set " & Mode'Image (M) & ", got " & Mode'Image (Seen));
   end loop;
   Put_Line ("PASSED");
end Main;
