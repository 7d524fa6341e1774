with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Acc_Entry is (Acc_No_Entry, Acc_Add, Acc_Get);
   type Acc_Alternative is record
      Id : Acc_Entry := Acc_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Acc_Alternative_List is array (Positive range <>) of Acc_Alternative;
   --  rdv2po: task Acc became this protected object; its code runs in the task
   --  Acc_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Acc is
      entry Add (X : Integer);
      entry Get (Sum : out Integer; N : out Integer);
      --  rdv2po: the rendezvous protocol, for Acc_Agent
      entry Select_Arm
        (Order : Acc_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (X : Integer);
      procedure Add_Woken (X : in Integer);
      procedure Add_Take (X : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (X : in Integer);
      entry Get_Held (Sum : out Integer; N : out Integer);
      procedure Get_Woken (Sum : in Integer; N : in Integer);
      procedure Get_Take (Sum : out Integer; N : out Integer);
      procedure Get_Accept_End (Sum : in Integer; N : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Sum : out Integer; N : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Acc_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Acc_Alternative);
      function Queued (Alternative : Acc_Alternative) return Boolean;
      function Position_Of (Alternative : Acc_Alternative) return Natural;
      Armed_List : Acc_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Acc_Entry := Acc_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_X : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Sum : Integer;
      Get_N : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Acc;
   task Acc_Agent is
      --  rdv2po: general scheme agent of Acc
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Integer; Value_2 : out Integer);
   end Acc_Agent;
   protected body Acc is

      entry Add (X : Integer)
        when Closed
          or else (Chosen = Acc_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Acc_Agent.Wake_1
              (Position_Of ((Id => Acc_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Acc_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add;

      entry Add_Held (X : Integer)
        when Closed or else (Chosen = Acc_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Acc_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add_Held;

      entry Get (Sum : out Integer; N : out Integer)
        when Closed
          or else (Chosen = Acc_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Acc_Agent.Wake_2
              (Position_Of ((Id => Acc_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Acc_Get, Index => 0));
         Get_Woken (Sum, N);
         requeue Get_Queue;
      end Get;

      entry Get_Held (Sum : out Integer; N : out Integer)
        when Closed or else (Chosen = Acc_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Acc_Get, Index => 0));
         Get_Woken (Sum, N);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Acc_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Acc_No_Entry then
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
        (Order : Acc_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Acc_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Acc_Alternative) is
      begin
         case Alternative.Id is
            when Acc_Add =>
               Add_Armed := True;
            when Acc_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Acc_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Acc_Add =>
               return Acc.Add'Count + Add_Held'Count > 0;
            when Acc_Get =>
               return Acc.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Acc_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (X : out Integer) is
      begin
         X := Add_X;
         Chosen := Acc_No_Entry;
      end Add_Take;

      procedure Add_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Acc_Add;
         Add_X := X;
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

      entry Add_Queue (X : in Integer)
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

      procedure Get_Take (Sum : out Integer; N : out Integer) is
      begin
         Sum := Get_Sum;
         N := Get_N;
         Chosen := Acc_No_Entry;
      end Get_Take;

      procedure Get_Woken (Sum : in Integer; N : in Integer) is
      begin
         Disarm;
         Chosen := Acc_Get;
         Get_Sum := Sum;
         Get_N := N;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (Sum : in Integer; N : in Integer) is
      begin
         Get_Sum := Sum;
         Get_N := N;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Sum : out Integer; N : out Integer)
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
         Sum := Get_Sum;
         N := Get_N;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Acc;

   task body Acc_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Acc_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Acc_Closer);
      overriding procedure Finalize (Object : in out Acc_Closer) is
      begin
         Acc.Close;
      end Finalize;
      Closer : Acc_Closer;
      Total, Calls : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Acc_Alternative_List :=
              (1 => (Acc_Add, 0),
               2 => (Acc_Get, 0));
            Choice : Natural;
         begin
            Acc.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Acc.Add_Woken (Value_1);
                     requeue Acc.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Integer; Value_2 : out Integer) do
                     Acc.Get_Woken (Value_1, Value_2);
                     requeue Acc.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Acc.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Integer; Value_2 : out Integer) do
                        requeue Acc.Get_Held with abort;
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
                     Acc.Add_Take (X);
                     begin
                        if X < 0 then
                           goto Add_Finished;
                        end if;
                        Total := Total + X;
                     exception
                        when Occurrence : others =>
                           Acc.Add_Failed (Occurrence);
                           raise;
                     end;
                     <<Add_Finished>>
                     Acc.Add_Accept_End;
                  end;
                  Calls := Calls + 1;
               when 2 =>
                  declare
                     Sum : Integer;
                     N : Integer;
                  begin
                     Acc.Get_Take (Sum, N);
                     begin
                        Sum := Total;
                        N := Calls;
                     exception
                        when Occurrence : others =>
                           Acc.Get_Failed (Occurrence);
                           raise;
                     end;
                     Acc.Get_Accept_End (Sum, N);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Acc_Agent;
   S, N : Integer;
begin
   Acc.Add (5);
   Acc.Add (-1);
   Acc.Add (7);
   Acc.Get (S, N);
   Put_Line ("sum" & Integer'Image (S) & " calls" & Integer'Image (N));
   Acc.Add (-3);
   Acc.Get (S, N);
   Put_Line ("sum" & Integer'Image (S) & " calls" & Integer'Image (N));
   Put_Line ("PASSED");
end Main;
