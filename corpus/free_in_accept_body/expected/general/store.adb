with Ada.Exceptions;
with Ada.Finalization;
with Ada.Unchecked_Conversion;
with Ada.Unchecked_Deallocation;
package body Store is
   procedure Free is new Ada.Unchecked_Deallocation (Integer, Int_Access);
   procedure Free is new Ada.Unchecked_Deallocation
     (Name => Row_Access, Object => Row);
   type Bits is mod 2 ** 8;
   function To_Bits is new Ada.Unchecked_Conversion (Character, Bits);

   type Keeper_Entry is
     (Keeper_No_Entry,
      Keeper_Put,
      Keeper_Put_Row,
      Keeper_Sum);
   type Keeper_Alternative is record
      Id : Keeper_Entry := Keeper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Keeper_Alternative_List is array (Positive range <>) of Keeper_Alternative;
   --  rdv2po: the rendezvous of task Keeper, for Keeper_Agent
   protected Keeper_Rendezvous is
      entry Put (X : Integer);
      entry Put_Row (R : Row);
      entry Sum (Total : out Integer);
      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (X : Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry Put_Row_Held (R : Row);
      procedure Put_Row_Woken (R : in Row);
      procedure Put_Row_Take (R : out Row);
      procedure Put_Row_Accept_End;
      procedure Put_Row_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Row_Queue (R : in Row);
      entry Sum_Held (Total : out Integer);
      procedure Sum_Woken (Total : in Integer);
      procedure Sum_Take (Total : out Integer);
      procedure Sum_Accept_End (Total : in Integer);
      procedure Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Sum_Queue (Total : out Integer);
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
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Put_Row_Armed : Boolean := False;
      Put_Row_R : Row;
      Put_Row_Done : Boolean := False;
      Put_Row_Raised : Boolean := False;
      Put_Row_Failure : Ada.Exceptions.Exception_Occurrence;
      Sum_Armed : Boolean := False;
      Sum_Total : Integer;
      Sum_Done : Boolean := False;
      Sum_Raised : Boolean := False;
      Sum_Failure : Ada.Exceptions.Exception_Occurrence;
   end Keeper_Rendezvous;
   task Keeper_Agent is
      --  rdv2po: general scheme agent of Keeper_Rendezvous
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : in Row);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : out Integer);
   end Keeper_Agent;

   protected body Keeper is
      --  rdv2po: each call goes on to Keeper_Rendezvous, as cancellable as it
      --  was
      entry Put (X : Integer) when True is
      begin
         requeue Keeper_Rendezvous.Put with abort;
      end Put;

      entry Put_Row (R : Row) when True is
      begin
         requeue Keeper_Rendezvous.Put_Row with abort;
      end Put_Row;

      entry Sum (Total : out Integer) when True is
      begin
         requeue Keeper_Rendezvous.Sum with abort;
      end Sum;
   end Keeper;

   protected body Keeper_Rendezvous is

      entry Put (X : Integer)
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
         Put_Woken (X);
         requeue Put_Queue;
      end Put;

      entry Put_Held (X : Integer)
        when Closed or else (Chosen = Keeper_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put_Held;

      entry Put_Row (R : Row)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Put_Row_Armed
                   and then Put_Row_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_2
              (Position_Of ((Id => Keeper_Put_Row, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Put_Row, Index => 0));
         Put_Row_Woken (R);
         requeue Put_Row_Queue;
      end Put_Row;

      entry Put_Row_Held (R : Row)
        when Closed or else (Chosen = Keeper_No_Entry and then Put_Row_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Put_Row, Index => 0));
         Put_Row_Woken (R);
         requeue Put_Row_Queue;
      end Put_Row_Held;

      entry Sum (Total : out Integer)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Sum_Armed
                   and then Sum_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_3
              (Position_Of ((Id => Keeper_Sum, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Sum, Index => 0));
         Sum_Woken (Total);
         requeue Sum_Queue;
      end Sum;

      entry Sum_Held (Total : out Integer)
        when Closed or else (Chosen = Keeper_No_Entry and then Sum_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Sum, Index => 0));
         Sum_Woken (Total);
         requeue Sum_Queue;
      end Sum_Held;

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
         Put_Row_Armed := False;
         Sum_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Keeper_Alternative) is
      begin
         case Alternative.Id is
            when Keeper_Put =>
               Put_Armed := True;
            when Keeper_Put_Row =>
               Put_Row_Armed := True;
            when Keeper_Sum =>
               Sum_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Keeper_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Keeper_Put =>
               return Keeper_Rendezvous.Put'Count + Put_Held'Count > 0;
            when Keeper_Put_Row =>
               return Keeper_Rendezvous.Put_Row'Count + Put_Row_Held'Count > 0;
            when Keeper_Sum =>
               return Keeper_Rendezvous.Sum'Count + Sum_Held'Count > 0;
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

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Keeper_No_Entry;
      end Put_Take;

      procedure Put_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Keeper_Put;
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

      procedure Put_Row_Take (R : out Row) is
      begin
         R := Put_Row_R;
         Chosen := Keeper_No_Entry;
      end Put_Row_Take;

      procedure Put_Row_Woken (R : in Row) is
      begin
         Disarm;
         Chosen := Keeper_Put_Row;
         Put_Row_R := R;
         Put_Row_Done := False;
      end Put_Row_Woken;

      procedure Put_Row_Accept_End is
      begin
         Put_Row_Done := True;
      end Put_Row_Accept_End;

      procedure Put_Row_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Row_Failure, Occurrence);
         Put_Row_Raised := True;
         Put_Row_Done := True;
      end Put_Row_Failed;

      entry Put_Row_Queue (R : in Row)
        when Put_Row_Done or else Closed is
      begin
         if not Put_Row_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Row_Done := False;
         if Put_Row_Raised then
            Put_Row_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Row_Failure);
         end if;
      end Put_Row_Queue;

      procedure Sum_Take (Total : out Integer) is
      begin
         Total := Sum_Total;
         Chosen := Keeper_No_Entry;
      end Sum_Take;

      procedure Sum_Woken (Total : in Integer) is
      begin
         Disarm;
         Chosen := Keeper_Sum;
         Sum_Total := Total;
         Sum_Done := False;
      end Sum_Woken;

      procedure Sum_Accept_End (Total : in Integer) is
      begin
         Sum_Total := Total;
         Sum_Done := True;
      end Sum_Accept_End;

      procedure Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Sum_Failure, Occurrence);
         Sum_Raised := True;
         Sum_Done := True;
      end Sum_Failed;

      entry Sum_Queue (Total : out Integer)
        when Sum_Done or else Closed is
      begin
         if not Sum_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Sum_Done := False;
         if Sum_Raised then
            Sum_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Sum_Failure);
         end if;
         Total := Sum_Total;
      end Sum_Queue;

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
      Cell  : Int_Access := null;
      Table : Row_Access := null;
   begin
      loop
         declare
            Alternatives : constant Keeper_Alternative_List :=
              (1 => (Keeper_Put, 0),
               2 => (Keeper_Put_Row, 0),
               3 => (Keeper_Sum, 0));
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
                  accept Wake_2 (2) (Value_1 : in Row) do
                     Keeper_Rendezvous.Put_Row_Woken (Value_1);
                     requeue Keeper_Rendezvous.Put_Row_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : out Integer) do
                     Keeper_Rendezvous.Sum_Woken (Value_1);
                     requeue Keeper_Rendezvous.Sum_Queue;
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
                     accept Wake_2 (2) (Value_1 : in Row) do
                        requeue Keeper_Rendezvous.Put_Row_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : out Integer) do
                        requeue Keeper_Rendezvous.Sum_Held with abort;
                     end Wake_3;
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
                     Keeper_Rendezvous.Put_Take (X);
                     begin
                        Free (Cell);
                        Cell := new Integer'(X + Integer (To_Bits ('A')));
                     exception
                        when Occurrence : others =>
                           Keeper_Rendezvous.Put_Failed (Occurrence);
                           raise;
                     end;
                     Keeper_Rendezvous.Put_Accept_End;
                  end;
               when 2 =>
                  declare
                     R : Row;
                  begin
                     Keeper_Rendezvous.Put_Row_Take (R);
                     begin
                        Free (Table);
                        Table := new Row'(R);
                     exception
                        when Occurrence : others =>
                           Keeper_Rendezvous.Put_Row_Failed (Occurrence);
                           raise;
                     end;
                     Keeper_Rendezvous.Put_Row_Accept_End;
                  end;
               when 3 =>
                  declare
                     Total : Integer;
                  begin
                     Keeper_Rendezvous.Sum_Take (Total);
                     begin
                        Total := Cell.all;
                        for P of Table.all loop
                           Total := Total + P.Left + P.Right + Color'Pos (P.Hue);
                        end loop;
                     exception
                        when Occurrence : others =>
                           Keeper_Rendezvous.Sum_Failed (Occurrence);
                           raise;
                     end;
                     Keeper_Rendezvous.Sum_Accept_End (Total);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Keeper_Agent;
end Store;
