with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Int_Array is array (Positive range <>) of Integer;

   type Semaphore;
   type Semaphore_Entry is (Semaphore_No_Entry, Semaphore_P, Semaphore_V);
   type Semaphore_Alternative is record
      Id : Semaphore_Entry := Semaphore_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Semaphore_Alternative_List is array (Positive range <>) of Semaphore_Alternative;
   task type Semaphore_Agent
     (Self : not null access Semaphore;
      Initial : Natural) is
      --  rdv2po: general scheme agent of Semaphore
      entry Wake_1 (Positive range 1 .. 2);
   end Semaphore_Agent;
   --  rdv2po: task type Semaphore became this protected type; its code runs in
   --  Semaphore_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Semaphore (Initial : Natural) is
      entry P;
      entry V;
      --  rdv2po: the rendezvous protocol, for Semaphore_Agent
      entry Select_Arm
        (Order : Semaphore_Alternative_List;
         Chosen_Position : out Natural);
      entry P_Held;
      procedure P_Woken;
      procedure P_Take;
      procedure P_Accept_End;
      procedure P_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry P_Queue;
      entry V_Held;
      procedure V_Woken;
      procedure V_Take;
      procedure V_Accept_End;
      procedure V_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry V_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Semaphore_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Semaphore_Alternative);
      function Queued (Alternative : Semaphore_Alternative) return Boolean;
      function Position_Of (Alternative : Semaphore_Alternative) return Natural;
      Armed_List : Semaphore_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Semaphore_Entry := Semaphore_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      P_Armed : Boolean := False;
      P_Done : Boolean := False;
      P_Raised : Boolean := False;
      P_Failure : Ada.Exceptions.Exception_Occurrence;
      V_Armed : Boolean := False;
      V_Done : Boolean := False;
      V_Raised : Boolean := False;
      V_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Semaphore_Agent (Self => Semaphore'Unchecked_Access, Initial => Initial);
   end Semaphore;

   type Buffer;
   type Buffer_Entry is (Buffer_No_Entry, Buffer_Put, Buffer_Get);
   type Buffer_Alternative is record
      Id : Buffer_Entry := Buffer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Buffer_Alternative_List is array (Positive range <>) of Buffer_Alternative;
   task type Buffer_Agent (Self : not null access Buffer; Size : Positive) is
      --  rdv2po: general scheme agent of Buffer
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Buffer_Agent;
   --  rdv2po: task type Buffer became this protected type; its code runs in
   --  Buffer_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Buffer (Size : Positive) is
      entry Put (X : Integer);
      entry Get (X : out Integer);
      --  rdv2po: the rendezvous protocol, for Buffer_Agent
      entry Select_Arm
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (X : Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry Get_Held (X : out Integer);
      procedure Get_Woken (X : in Integer);
      procedure Get_Take (X : out Integer);
      procedure Get_Accept_End (X : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (X : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Buffer_Alternative);
      function Queued (Alternative : Buffer_Alternative) return Boolean;
      function Position_Of (Alternative : Buffer_Alternative) return Natural;
      Armed_List : Buffer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Buffer_Entry := Buffer_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_X : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Buffer_Agent (Self => Buffer'Unchecked_Access, Size => Size);
   end Buffer;

   protected body Semaphore is

      entry P
        when Closed
          or else (Chosen = Semaphore_No_Entry
                   and then P_Armed
                   and then P_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Semaphore_P, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Semaphore_P, Index => 0));
         P_Woken;
         requeue P_Queue;
      end P;

      entry P_Held
        when Closed or else (Chosen = Semaphore_No_Entry and then P_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Semaphore_P, Index => 0));
         P_Woken;
         requeue P_Queue;
      end P_Held;

      entry V
        when Closed
          or else (Chosen = Semaphore_No_Entry
                   and then V_Armed
                   and then V_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Semaphore_V, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Semaphore_V, Index => 0));
         V_Woken;
         requeue V_Queue;
      end V;

      entry V_Held
        when Closed or else (Chosen = Semaphore_No_Entry and then V_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Semaphore_V, Index => 0));
         V_Woken;
         requeue V_Queue;
      end V_Held;

      entry Select_Arm
        (Order : Semaphore_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Semaphore_No_Entry then
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
        (Order : Semaphore_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Semaphore_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         P_Armed := False;
         V_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Semaphore_Alternative) is
      begin
         case Alternative.Id is
            when Semaphore_P =>
               P_Armed := True;
            when Semaphore_V =>
               V_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Semaphore_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Semaphore_P =>
               return Semaphore.P'Count + P_Held'Count > 0;
            when Semaphore_V =>
               return Semaphore.V'Count + V_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Semaphore_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure P_Take is
      begin
         Chosen := Semaphore_No_Entry;
      end P_Take;

      procedure P_Woken is
      begin
         Disarm;
         Chosen := Semaphore_P;
         P_Done := False;
      end P_Woken;

      procedure P_Accept_End is
      begin
         P_Done := True;
      end P_Accept_End;

      procedure P_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (P_Failure, Occurrence);
         P_Raised := True;
         P_Done := True;
      end P_Failed;

      entry P_Queue
        when P_Done or else Closed is
      begin
         if not P_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         P_Done := False;
         if P_Raised then
            P_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (P_Failure);
         end if;
      end P_Queue;

      procedure V_Take is
      begin
         Chosen := Semaphore_No_Entry;
      end V_Take;

      procedure V_Woken is
      begin
         Disarm;
         Chosen := Semaphore_V;
         V_Done := False;
      end V_Woken;

      procedure V_Accept_End is
      begin
         V_Done := True;
      end V_Accept_End;

      procedure V_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (V_Failure, Occurrence);
         V_Raised := True;
         V_Done := True;
      end V_Failed;

      entry V_Queue
        when V_Done or else Closed is
      begin
         if not V_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         V_Done := False;
         if V_Raised then
            V_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (V_Failure);
         end if;
      end V_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Semaphore;

   task body Semaphore_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Semaphore_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Semaphore_Closer);
      overriding procedure Finalize (Object : in out Semaphore_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Semaphore_Closer;
      Value : Natural := Initial;
   begin
      loop
         declare
            Alternatives : constant Semaphore_Alternative_List :=
              (1 => ((if Value > 0 then Semaphore_P else Semaphore_No_Entry), 0),
               2 => (Semaphore_V, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Self.P_Woken;
                     requeue Self.P_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Self.V_Woken;
                     requeue Self.V_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Self.P_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Self.V_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Self.P_Take;
                  begin
                     Value := Value - 1;
                  exception
                     when Occurrence : others =>
                        Self.P_Failed (Occurrence);
                        raise;
                  end;
                  Self.P_Accept_End;
               when 2 =>
                  Self.V_Take;
                  begin
                     Value := Value + 1;
                  exception
                     when Occurrence : others =>
                        Self.V_Failed (Occurrence);
                        raise;
                  end;
                  Self.V_Accept_End;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Semaphore_Agent;

   protected body Buffer is

      entry Put (X : Integer)
        when Closed
          or else (Chosen = Buffer_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Buffer_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Buffer_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put;

      entry Put_Held (X : Integer)
        when Closed or else (Chosen = Buffer_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Buffer_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put_Held;

      entry Get (X : out Integer)
        when Closed
          or else (Chosen = Buffer_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Buffer_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Buffer_Get, Index => 0));
         Get_Woken (X);
         requeue Get_Queue;
      end Get;

      entry Get_Held (X : out Integer)
        when Closed or else (Chosen = Buffer_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Buffer_Get, Index => 0));
         Get_Woken (X);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Buffer_No_Entry then
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
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Buffer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Buffer_Alternative) is
      begin
         case Alternative.Id is
            when Buffer_Put =>
               Put_Armed := True;
            when Buffer_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Buffer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Buffer_Put =>
               return Buffer.Put'Count + Put_Held'Count > 0;
            when Buffer_Get =>
               return Buffer.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Buffer_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Buffer_No_Entry;
      end Put_Take;

      procedure Put_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Buffer_Put;
         Put_X := X;
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

      entry Put_Queue (X : in Integer)
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

      procedure Get_Take (X : out Integer) is
      begin
         X := Get_X;
         Chosen := Buffer_No_Entry;
      end Get_Take;

      procedure Get_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Buffer_Get;
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

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Buffer;

   task body Buffer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Buffer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Buffer_Closer);
      overriding procedure Finalize (Object : in out Buffer_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Buffer_Closer;
      Data : Int_Array (1 .. Size);
      Head, Tail, Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Buffer_Alternative_List :=
              (1 => ((if Count < Size then Buffer_Put else Buffer_No_Entry), 0),
               2 => ((if Count > 0 then Buffer_Get else Buffer_No_Entry), 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Self.Put_Woken (Value_1);
                     requeue Self.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Self.Get_Woken (Value_1);
                     requeue Self.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Self.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Self.Get_Held with abort;
                     end Wake_2;
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
                     Self.Put_Take (X);
                     begin
                        Tail := Tail mod Size + 1;
                        Data (Tail) := X;
                        Count := Count + 1;
                     exception
                        when Occurrence : others =>
                           Self.Put_Failed (Occurrence);
                           raise;
                     end;
                     Self.Put_Accept_End;
                  end;
               when 2 =>
                  declare
                     X : Integer;
                  begin
                     Self.Get_Take (X);
                     begin
                        Head := Head mod Size + 1;
                        X := Data (Head);
                        Count := Count - 1;
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
   end Buffer_Agent;

   S : Semaphore (2);
   B : Buffer (3);
   X, Sum : Integer := 0;
begin
   S.P;
   S.P;
   select
      S.P;
      Put_Line ("third P passed: wrong");
   else
      Put_Line ("third P waits");
   end select;
   S.V;
   S.P;
   for Round in 1 .. 3 loop
      for I in 1 .. 3 loop
         B.Put (Round * 10 + I);
      end loop;
      for I in 1 .. 3 loop
         B.Get (X);
         Sum := Sum + X;
      end loop;
   end loop;
   Put_Line ("sum" & Integer'Image (Sum));
   Put_Line ("PASSED");
end Main;
