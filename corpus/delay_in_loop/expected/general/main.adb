--  A rate-limited accumulator: after each rendezvous the server loop
--  executes "delay 0.001;" before it accepts again.  The delay is outside
--  every accept body, but the server scheme would have to move it into a
--  protected entry body.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   type Throttle_Entry is (Throttle_No_Entry, Throttle_Add, Throttle_Get);
   type Throttle_Alternative is record
      Id : Throttle_Entry := Throttle_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Throttle_Alternative_List is array (Positive range <>) of Throttle_Alternative;
   --  rdv2po: task Throttle became this protected object; its code runs in the
   --  task Throttle_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Throttle is
      entry Add (X : Integer);
      entry Get (Count : out Natural; Sum : out Integer);
      --  rdv2po: the rendezvous protocol, for Throttle_Agent
      entry Select_Arm
        (Order : Throttle_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (X : Integer);
      procedure Add_Woken (X : in Integer);
      procedure Add_Take (X : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (X : in Integer);
      entry Get_Held (Count : out Natural; Sum : out Integer);
      procedure Get_Woken (Count : in Natural; Sum : in Integer);
      procedure Get_Take (Count : out Natural; Sum : out Integer);
      procedure Get_Accept_End (Count : in Natural; Sum : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Count : out Natural; Sum : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Throttle_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Throttle_Alternative);
      function Queued (Alternative : Throttle_Alternative) return Boolean;
      function Position_Of (Alternative : Throttle_Alternative) return Natural;
      Armed_List : Throttle_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Throttle_Entry := Throttle_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_X : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Count_2 : Natural;
      Get_Sum : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Throttle;
   task Throttle_Agent is
      --  rdv2po: general scheme agent of Throttle
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Natural; Value_2 : out Integer);
   end Throttle_Agent;

   protected body Throttle is

      entry Add (X : Integer)
        when Closed
          or else (Chosen = Throttle_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Throttle_Agent.Wake_1
              (Position_Of ((Id => Throttle_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Throttle_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add;

      entry Add_Held (X : Integer)
        when Closed or else (Chosen = Throttle_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Throttle_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add_Held;

      entry Get (Count : out Natural; Sum : out Integer)
        when Closed
          or else (Chosen = Throttle_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Throttle_Agent.Wake_2
              (Position_Of ((Id => Throttle_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Throttle_Get, Index => 0));
         Get_Woken (Count, Sum);
         requeue Get_Queue;
      end Get;

      entry Get_Held (Count : out Natural; Sum : out Integer)
        when Closed or else (Chosen = Throttle_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Throttle_Get, Index => 0));
         Get_Woken (Count, Sum);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Throttle_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Throttle_No_Entry then
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
        (Order : Throttle_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Throttle_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Throttle_Alternative) is
      begin
         case Alternative.Id is
            when Throttle_Add =>
               Add_Armed := True;
            when Throttle_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Throttle_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Throttle_Add =>
               return Throttle.Add'Count + Add_Held'Count > 0;
            when Throttle_Get =>
               return Throttle.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Throttle_Alternative) return Natural is
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
         Chosen := Throttle_No_Entry;
      end Add_Take;

      procedure Add_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Throttle_Add;
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

      procedure Get_Take (Count : out Natural; Sum : out Integer) is
      begin
         Count := Get_Count_2;
         Sum := Get_Sum;
         Chosen := Throttle_No_Entry;
      end Get_Take;

      procedure Get_Woken (Count : in Natural; Sum : in Integer) is
      begin
         Disarm;
         Chosen := Throttle_Get;
         Get_Count_2 := Count;
         Get_Sum := Sum;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (Count : in Natural; Sum : in Integer) is
      begin
         Get_Count_2 := Count;
         Get_Sum := Sum;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Count : out Natural; Sum : out Integer)
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
         Count := Get_Count_2;
         Sum := Get_Sum;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Throttle;

   task body Throttle_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Throttle_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Throttle_Closer);
      overriding procedure Finalize (Object : in out Throttle_Closer) is
      begin
         Throttle.Close;
      end Finalize;
      Closer : Throttle_Closer;
      Calls : Natural := 0;
      Total : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Throttle_Alternative_List :=
              (1 => (Throttle_Add, 0),
               2 => (Throttle_Get, 0));
            Choice : Natural;
         begin
            Throttle.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Throttle.Add_Woken (Value_1);
                     requeue Throttle.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Natural; Value_2 : out Integer) do
                     Throttle.Get_Woken (Value_1, Value_2);
                     requeue Throttle.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Throttle.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Natural; Value_2 : out Integer) do
                        requeue Throttle.Get_Held with abort;
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
                     Throttle.Add_Take (X);
                     begin
                        Total := Total + X;
                     exception
                        when Occurrence : others =>
                           Throttle.Add_Failed (Occurrence);
                           raise;
                     end;
                     Throttle.Add_Accept_End;
                  end;
                  Calls := Calls + 1;
               when 2 =>
                  declare
                     Count : Natural;
                     Sum : Integer;
                  begin
                     Throttle.Get_Take (Count, Sum);
                     begin
                        Count := Calls;
                        Sum := Total;
                     exception
                        when Occurrence : others =>
                           Throttle.Get_Failed (Occurrence);
                           raise;
                     end;
                     Throttle.Get_Accept_End (Count, Sum);
                  end;
               when others =>
                  null;
            end case;
         end;
         delay 0.001;
      end loop;
   end Throttle_Agent;

   Count : Natural;
   Sum   : Integer;

begin
   for I in 1 .. 15 loop
      Throttle.Add (I * (if I mod 2 = 0 then 1 else -1));
   end loop;
   Throttle.Get (Count, Sum);
   Ada.Text_IO.Put_Line ("Calls:" & Natural'Image (Count));
   Ada.Text_IO.Put_Line ("Sum:" & Integer'Image (Sum));
   --  -1 + 2 - 3 + ... - 15 = -8
   if Count = 15 and then Sum = -8 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
