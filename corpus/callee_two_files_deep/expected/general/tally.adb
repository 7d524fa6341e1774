with Ada.Exceptions;
with Ada.Finalization;
with Stats;
package body Tally is
   type Counter_Entry is (Counter_No_Entry, Counter_Add, Counter_Get);
   type Counter_Alternative is record
      Id : Counter_Entry := Counter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Counter_Alternative_List is array (Positive range <>) of Counter_Alternative;
   --  rdv2po: the rendezvous of task Counter, for Counter_Agent
   protected Counter_Rendezvous is
      entry Add (X : Integer);
      entry Get (Result : out Integer);
      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (X : Integer);
      procedure Add_Woken (X : in Integer);
      procedure Add_Take (X : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (X : in Integer);
      entry Get_Held (Result : out Integer);
      procedure Get_Woken (Result : in Integer);
      procedure Get_Take (Result : out Integer);
      procedure Get_Accept_End (Result : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Result : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Counter_Alternative);
      function Queued (Alternative : Counter_Alternative) return Boolean;
      function Position_Of (Alternative : Counter_Alternative) return Natural;
      Armed_List : Counter_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Counter_Entry := Counter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_X : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Result : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Counter_Rendezvous;
   task Counter_Agent is
      --  rdv2po: general scheme agent of Counter_Rendezvous
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Counter_Agent;

   protected body Counter is
      --  rdv2po: each call goes on to Counter_Rendezvous, as cancellable as it
      --  was
      entry Add (X : Integer) when True is
      begin
         requeue Counter_Rendezvous.Add with abort;
      end Add;

      entry Get (Result : out Integer) when True is
      begin
         requeue Counter_Rendezvous.Get with abort;
      end Get;
   end Counter;

   protected body Counter_Rendezvous is

      entry Add (X : Integer)
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
         Add_Woken (X);
         requeue Add_Queue;
      end Add;

      entry Add_Held (X : Integer)
        when Closed or else (Chosen = Counter_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add_Held;

      entry Get (Result : out Integer)
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Counter_Agent.Wake_2
              (Position_Of ((Id => Counter_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Counter_Get, Index => 0));
         Get_Woken (Result);
         requeue Get_Queue;
      end Get;

      entry Get_Held (Result : out Integer)
        when Closed or else (Chosen = Counter_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Get, Index => 0));
         Get_Woken (Result);
         requeue Get_Queue;
      end Get_Held;

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
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Counter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Counter_Alternative) is
      begin
         case Alternative.Id is
            when Counter_Add =>
               Add_Armed := True;
            when Counter_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Counter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Counter_Add =>
               return Counter_Rendezvous.Add'Count + Add_Held'Count > 0;
            when Counter_Get =>
               return Counter_Rendezvous.Get'Count + Get_Held'Count > 0;
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

      procedure Add_Take (X : out Integer) is
      begin
         X := Add_X;
         Chosen := Counter_No_Entry;
      end Add_Take;

      procedure Add_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Counter_Add;
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

      procedure Get_Take (Result : out Integer) is
      begin
         Result := Get_Result;
         Chosen := Counter_No_Entry;
      end Get_Take;

      procedure Get_Woken (Result : in Integer) is
      begin
         Disarm;
         Chosen := Counter_Get;
         Get_Result := Result;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (Result : in Integer) is
      begin
         Get_Result := Result;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Result : out Integer)
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
         Result := Get_Result;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Counter_Rendezvous;

   task body Counter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Counter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Counter_Closer);
      overriding procedure Finalize (Object : in out Counter_Closer) is
      begin
         Counter_Rendezvous.Close;
      end Finalize;
      Closer : Counter_Closer;
      Total : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Counter_Alternative_List :=
              (1 => (Counter_Add, 0),
               2 => (Counter_Get, 0));
            Choice : Natural;
         begin
            Counter_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Counter_Rendezvous.Add_Woken (Value_1);
                     requeue Counter_Rendezvous.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Counter_Rendezvous.Get_Woken (Value_1);
                     requeue Counter_Rendezvous.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Counter_Rendezvous.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Counter_Rendezvous.Get_Held with abort;
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
                     Counter_Rendezvous.Add_Take (X);
                     begin
                        Stats.Record_Value (Total, X);
                     exception
                        when Occurrence : others =>
                           Counter_Rendezvous.Add_Failed (Occurrence);
                           raise;
                     end;
                     Counter_Rendezvous.Add_Accept_End;
                  end;
               when 2 =>
                  declare
                     Result : Integer;
                  begin
                     Counter_Rendezvous.Get_Take (Result);
                     begin
                        Result := Total;
                     exception
                        when Occurrence : others =>
                           Counter_Rendezvous.Get_Failed (Occurrence);
                           raise;
                     end;
                     Counter_Rendezvous.Get_Accept_End (Result);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Counter_Agent;
end Tally;
