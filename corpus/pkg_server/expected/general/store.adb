with Ada.Exceptions;
with Ada.Finalization;
package body Store is

   type Keeper_Entry is
     (Keeper_No_Entry,
      Keeper_Put,
      Keeper_Get,
      Keeper_Stored);
   type Keeper_Alternative is record
      Id : Keeper_Entry := Keeper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Keeper_Alternative_List is array (Positive range <>) of Keeper_Alternative;
   --  rdv2po: the rendezvous of task Keeper, for Keeper_Agent
   protected Keeper_Rendezvous is
      entry Put (Item : Integer);
      entry Get (Item : out Integer);
      entry Stored (Count : out Natural);
      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (Item : Integer);
      procedure Put_Woken (Item : in Integer);
      procedure Put_Take (Item : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (Item : in Integer);
      entry Get_Held (Item : out Integer);
      procedure Get_Woken (Item : in Integer);
      procedure Get_Take (Item : out Integer);
      procedure Get_Accept_End (Item : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Item : out Integer);
      entry Stored_Held (Count : out Natural);
      procedure Stored_Woken (Count : in Natural);
      procedure Stored_Take (Count : out Natural);
      procedure Stored_Accept_End (Count : in Natural);
      procedure Stored_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stored_Queue (Count : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Keeper_Alternative);
      function Queued (Alternative : Keeper_Alternative) return Boolean;
      function Position_Of (Alternative : Keeper_Alternative) return Natural;
      Armed_List : Keeper_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Keeper_Entry := Keeper_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_Item : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Item : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Stored_Armed : Boolean := False;
      Stored_Count_2 : Natural;
      Stored_Done : Boolean := False;
      Stored_Raised : Boolean := False;
      Stored_Failure : Ada.Exceptions.Exception_Occurrence;
   end Keeper_Rendezvous;
   task Keeper_Agent is
      --  rdv2po: general scheme agent of Keeper_Rendezvous
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Integer);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : out Natural);
   end Keeper_Agent;

   protected body Keeper is
      --  rdv2po: each call goes on to Keeper_Rendezvous, as cancellable as it
      --  was
      entry Put (Item : Integer) when True is
      begin
         requeue Keeper_Rendezvous.Put with abort;
      end Put;

      entry Get (Item : out Integer) when True is
      begin
         requeue Keeper_Rendezvous.Get with abort;
      end Get;

      entry Stored (Count : out Natural) when True is
      begin
         requeue Keeper_Rendezvous.Stored with abort;
      end Stored;
   end Keeper;

   protected body Keeper_Rendezvous is

      entry Put (Item : Integer)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_1
              (Position_Of ((Id => Keeper_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Put, Index => 0));
         Put_Woken (Item);
         requeue Put_Queue;
      end Put;

      entry Put_Held (Item : Integer)
        when Closed or else (Chosen = Keeper_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Put, Index => 0));
         Put_Woken (Item);
         requeue Put_Queue;
      end Put_Held;

      entry Get (Item : out Integer)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_2
              (Position_Of ((Id => Keeper_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Get, Index => 0));
         Get_Woken (Item);
         requeue Get_Queue;
      end Get;

      entry Get_Held (Item : out Integer)
        when Closed or else (Chosen = Keeper_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Get, Index => 0));
         Get_Woken (Item);
         requeue Get_Queue;
      end Get_Held;

      entry Stored (Count : out Natural)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Stored_Armed
                   and then Stored_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_3
              (Position_Of ((Id => Keeper_Stored, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Stored, Index => 0));
         Stored_Woken (Count);
         requeue Stored_Queue;
      end Stored;

      entry Stored_Held (Count : out Natural)
        when Closed or else (Chosen = Keeper_No_Entry and then Stored_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Stored, Index => 0));
         Stored_Woken (Count);
         requeue Stored_Queue;
      end Stored_Held;

      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Keeper_No_Entry then
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
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Keeper_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Stored_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Keeper_Alternative) is
      begin
         case Alternative.Id is
            when Keeper_Put =>
               Put_Armed := True;
            when Keeper_Get =>
               Get_Armed := True;
            when Keeper_Stored =>
               Stored_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Keeper_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Keeper_Put =>
               return Keeper_Rendezvous.Put'Count + Put_Held'Count > 0;
            when Keeper_Get =>
               return Keeper_Rendezvous.Get'Count + Get_Held'Count > 0;
            when Keeper_Stored =>
               return Keeper_Rendezvous.Stored'Count + Stored_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Keeper_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (Item : out Integer) is
      begin
         Item := Put_Item;
         Chosen := Keeper_No_Entry;
      end Put_Take;

      procedure Put_Woken (Item : in Integer) is
      begin
         Disarm;
         Chosen := Keeper_Put;
         Put_Item := Item;
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

      entry Put_Queue (Item : in Integer)
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

      procedure Get_Take (Item : out Integer) is
      begin
         Item := Get_Item;
         Chosen := Keeper_No_Entry;
      end Get_Take;

      procedure Get_Woken (Item : in Integer) is
      begin
         Disarm;
         Chosen := Keeper_Get;
         Get_Item := Item;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (Item : in Integer) is
      begin
         Get_Item := Item;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Item : out Integer)
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
         Item := Get_Item;
      end Get_Queue;

      procedure Stored_Take (Count : out Natural) is
      begin
         Count := Stored_Count_2;
         Chosen := Keeper_No_Entry;
      end Stored_Take;

      procedure Stored_Woken (Count : in Natural) is
      begin
         Disarm;
         Chosen := Keeper_Stored;
         Stored_Count_2 := Count;
         Stored_Done := False;
      end Stored_Woken;

      procedure Stored_Accept_End (Count : in Natural) is
      begin
         Stored_Count_2 := Count;
         Stored_Done := True;
      end Stored_Accept_End;

      procedure Stored_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stored_Failure, Occurrence);
         Stored_Raised := True;
         Stored_Done := True;
      end Stored_Failed;

      entry Stored_Queue (Count : out Natural)
        when Stored_Done or else Closed is
      begin
         if not Stored_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Stored_Done := False;
         if Stored_Raised then
            Stored_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Stored_Failure);
         end if;
         Count := Stored_Count_2;
      end Stored_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Keeper_Rendezvous;

   task body Keeper_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Keeper_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Keeper_Closer);
      overriding procedure Finalize (Object : in out Keeper_Closer) is
      begin
         Keeper_Rendezvous.Close;
      end Finalize;
      Closer : Keeper_Closer;
      Buffer : array (0 .. Capacity - 1) of Integer;
      Head   : Natural := 0;
      Tail   : Natural := 0;
      Length : Natural := 0;
      Total  : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Keeper_Alternative_List :=
              (1 => ((if Length < Capacity then Keeper_Put else Keeper_No_Entry), 0),
               2 => ((if Length > 0 then Keeper_Get else Keeper_No_Entry), 0),
               3 => (Keeper_Stored, 0));
            Choice : Natural;
         begin
            Keeper_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Keeper_Rendezvous.Put_Woken (Value_1);
                     requeue Keeper_Rendezvous.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Keeper_Rendezvous.Get_Woken (Value_1);
                     requeue Keeper_Rendezvous.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : out Natural) do
                     Keeper_Rendezvous.Stored_Woken (Value_1);
                     requeue Keeper_Rendezvous.Stored_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Keeper_Rendezvous.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Keeper_Rendezvous.Get_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : out Natural) do
                        requeue Keeper_Rendezvous.Stored_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Item : Integer;
                  begin
                     Keeper_Rendezvous.Put_Take (Item);
                     begin
                        Buffer (Tail) := Item;
                     exception
                        when Occurrence : others =>
                           Keeper_Rendezvous.Put_Failed (Occurrence);
                           raise;
                     end;
                     Keeper_Rendezvous.Put_Accept_End;
                  end;
                  Tail := (Tail + 1) mod Capacity;
                  Length := Length + 1;
                  Total := Total + 1;
               when 2 =>
                  declare
                     Item : Integer;
                  begin
                     Keeper_Rendezvous.Get_Take (Item);
                     begin
                        Item := Buffer (Head);
                     exception
                        when Occurrence : others =>
                           Keeper_Rendezvous.Get_Failed (Occurrence);
                           raise;
                     end;
                     Keeper_Rendezvous.Get_Accept_End (Item);
                  end;
                  Head := (Head + 1) mod Capacity;
                  Length := Length - 1;
               when 3 =>
                  declare
                     Count : Natural;
                  begin
                     Keeper_Rendezvous.Stored_Take (Count);
                     begin
                        Count := Total;
                     exception
                        when Occurrence : others =>
                           Keeper_Rendezvous.Stored_Failed (Occurrence);
                           raise;
                     end;
                     Keeper_Rendezvous.Stored_Accept_End (Count);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Keeper_Agent;

end Store;
