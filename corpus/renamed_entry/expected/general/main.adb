--  Entries called through renamings (Stacks.Push renames
--  Stack_Server.Push; Add_First renames Servers (1).Add) and through
--  elements of an array of server tasks (Servers (I).Add).

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Stacks;

procedure Main is

   type Accumulator;
   type Accumulator_Entry is
     (Accumulator_No_Entry,
      Accumulator_Add,
      Accumulator_Get);
   type Accumulator_Alternative is record
      Id : Accumulator_Entry := Accumulator_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Accumulator_Alternative_List is array (Positive range <>) of Accumulator_Alternative;
   task type Accumulator_Agent (Self : not null access Accumulator) is
      --  rdv2po: general scheme agent of Accumulator
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Accumulator_Agent;
   --  rdv2po: task type Accumulator became this protected type; its code runs
   --  in Accumulator_Agent, a component of it (general scheme: each rendezvous
   --  goes through the object)
   protected type Accumulator is
      entry Add (N : Integer);
      entry Get (S : out Integer);
      --  rdv2po: the rendezvous protocol, for Accumulator_Agent
      entry Select_Arm
        (Order : Accumulator_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (N : Integer);
      procedure Add_Woken (N : in Integer);
      procedure Add_Take (N : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (N : in Integer);
      entry Get_Held (S : out Integer);
      procedure Get_Woken (S : in Integer);
      procedure Get_Take (S : out Integer);
      procedure Get_Accept_End (S : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (S : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Accumulator_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Accumulator_Alternative);
      function Queued (Alternative : Accumulator_Alternative) return Boolean;
      function Position_Of (Alternative : Accumulator_Alternative) return Natural;
      Armed_List : Accumulator_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Accumulator_Entry := Accumulator_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_N : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_S : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Accumulator_Agent (Self => Accumulator'Unchecked_Access);
   end Accumulator;

   protected body Accumulator is

      entry Add (N : Integer)
        when Closed
          or else (Chosen = Accumulator_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Accumulator_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Accumulator_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add;

      entry Add_Held (N : Integer)
        when Closed or else (Chosen = Accumulator_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Accumulator_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add_Held;

      entry Get (S : out Integer)
        when Closed
          or else (Chosen = Accumulator_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Accumulator_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Accumulator_Get, Index => 0));
         Get_Woken (S);
         requeue Get_Queue;
      end Get;

      entry Get_Held (S : out Integer)
        when Closed or else (Chosen = Accumulator_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Accumulator_Get, Index => 0));
         Get_Woken (S);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Accumulator_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Accumulator_No_Entry then
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
        (Order : Accumulator_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Accumulator_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Accumulator_Alternative) is
      begin
         case Alternative.Id is
            when Accumulator_Add =>
               Add_Armed := True;
            when Accumulator_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Accumulator_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Accumulator_Add =>
               return Accumulator.Add'Count + Add_Held'Count > 0;
            when Accumulator_Get =>
               return Accumulator.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Accumulator_Alternative) return Natural is
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
         Chosen := Accumulator_No_Entry;
      end Add_Take;

      procedure Add_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Accumulator_Add;
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

      procedure Get_Take (S : out Integer) is
      begin
         S := Get_S;
         Chosen := Accumulator_No_Entry;
      end Get_Take;

      procedure Get_Woken (S : in Integer) is
      begin
         Disarm;
         Chosen := Accumulator_Get;
         Get_S := S;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (S : in Integer) is
      begin
         Get_S := S;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (S : out Integer)
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
         S := Get_S;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Accumulator;

   task body Accumulator_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Accumulator_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Accumulator_Closer);
      overriding procedure Finalize (Object : in out Accumulator_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Accumulator_Closer;
      Sum : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Accumulator_Alternative_List :=
              (1 => (Accumulator_Add, 0),
               2 => (Accumulator_Get, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Self.Add_Woken (Value_1);
                     requeue Self.Add_Queue;
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
                        requeue Self.Add_Held with abort;
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
                     N : Integer;
                  begin
                     Self.Add_Take (N);
                     begin
                        Sum := Sum + N;
                     exception
                        when Occurrence : others =>
                           Self.Add_Failed (Occurrence);
                           raise;
                     end;
                     Self.Add_Accept_End;
                  end;
               when 2 =>
                  declare
                     S : Integer;
                  begin
                     Self.Get_Take (S);
                     begin
                        S := Sum;
                     exception
                        when Occurrence : others =>
                           Self.Get_Failed (Occurrence);
                           raise;
                     end;
                     Self.Get_Accept_End (S);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Accumulator_Agent;

   Servers : array (1 .. 3) of Accumulator;

   procedure Add_First (N : Integer) renames Servers (1).Add;

   type Pusher_Entry is (Pusher_No_Entry, Pusher_Done);
   --  rdv2po: task Pusher became this protected object; its code runs in the
   --  task Pusher_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Pusher is
      entry Done;
      --  rdv2po: the rendezvous protocol, for Pusher_Agent
      entry Done_Accept_Begin;
      procedure Close;
   private
      Chosen : Pusher_Entry := Pusher_No_Entry;
      Closed : Boolean := False;
   end Pusher;
   task Pusher_Agent is
      --  rdv2po: general scheme agent of Pusher
   end Pusher_Agent;

   protected body Pusher is

      entry Done
        when Closed
          or else (Chosen = Pusher_No_Entry
                   and then Done_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Pusher_Done;
      end Done;

      entry Done_Accept_Begin
        when Chosen = Pusher_Done is
      begin
         Chosen := Pusher_No_Entry;
      end Done_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Pusher;

   task body Pusher_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Pusher_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Pusher_Closer);
      overriding procedure Finalize (Object : in out Pusher_Closer) is
      begin
         Pusher.Close;
      end Finalize;
      Closer : Pusher_Closer;
      procedure Put_On (X : Integer) renames Stacks.Push;
   begin
      for I in 1 .. 10 loop
         if I mod 2 = 0 then
            Stacks.Push (I);
         else
            Put_On (I);
         end if;
         Servers (I mod Servers'Length + 1).Add (I);
      end loop;
      Pusher.Done_Accept_Begin;
   end Pusher_Agent;

   X      : Integer;
   S      : Integer;
   Depth  : Natural;
   Popped : Integer := 0;
   Total  : Integer := 0;

begin
   Add_First (100);
   declare
      use Stacks;
   begin
      --  Wait for the pusher before looking at the stack.
      Pusher.Done;
      Stack_Server.Depth (Depth);
      Put_Line ("depth" & Natural'Image (Depth));
      for I in 1 .. Depth loop
         Pop (X);
         Put (Integer'Image (X));
         Popped := Popped + X;
      end loop;
      New_Line;
   end;
   for I in Servers'Range loop
      Servers (I).Get (S);
      Put_Line ("server" & Integer'Image (I) & " sum" & Integer'Image (S));
      Total := Total + S;
   end loop;
   Put_Line ("popped" & Integer'Image (Popped) &
             " total" & Integer'Image (Total));
   if Popped = 55 and then Total = 155 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
