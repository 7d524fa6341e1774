with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Vec (Len : Natural) is record
      Data : String (1 .. Len);
   end record;
   type Holder;
   type Holder_Entry is (Holder_No_Entry, Holder_Set, Holder_Get);
   type Holder_Get_S_Access is access String;
   procedure Free_Get_S is new Ada.Unchecked_Deallocation
     (String,
      Holder_Get_S_Access);
   type Holder_Alternative is record
      Id : Holder_Entry := Holder_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Holder_Alternative_List is array (Positive range <>) of Holder_Alternative;
   task type Holder_Agent (Self : not null access Holder; N : Natural) is
      --  rdv2po: general scheme agent of Holder
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Character);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out String);
   end Holder_Agent;
   --  rdv2po: task type Holder became this protected type; its code runs in
   --  Holder_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Holder (N : Natural) is
      entry Set (C : Character);
      entry Get (S : out String);
      --  rdv2po: the rendezvous protocol, for Holder_Agent
      entry Select_Arm
        (Order : Holder_Alternative_List;
         Chosen_Position : out Natural);
      entry Set_Held (C : Character);
      procedure Set_Woken (C : in Character);
      procedure Set_Take (C : out Character);
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (C : in Character);
      entry Get_Held (S : out String);
      procedure Get_Woken (S : in String);
      procedure Get_Take;
      function Get_S_Value return String;
      procedure Get_Accept_End (S : in String);
      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         S : in String);
      entry Get_Queue (S : out String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Holder_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Holder_Alternative);
      function Queued (Alternative : Holder_Alternative) return Boolean;
      function Position_Of (Alternative : Holder_Alternative) return Natural;
      Armed_List : Holder_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Holder_Entry := Holder_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_C : Character;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_S : Holder_Get_S_Access;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Holder_Agent (Self => Holder'Unchecked_Access, N => N);
   end Holder;
   protected body Holder is

      entry Set (C : Character)
        when Closed
          or else (Chosen = Holder_No_Entry
                   and then Set_Armed
                   and then Set_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Holder_Set, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Holder_Set, Index => 0));
         Set_Woken (C);
         requeue Set_Queue;
      end Set;

      entry Set_Held (C : Character)
        when Closed or else (Chosen = Holder_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Holder_Set, Index => 0));
         Set_Woken (C);
         requeue Set_Queue;
      end Set_Held;

      entry Get (S : out String)
        when Closed
          or else (Chosen = Holder_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Holder_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Holder_Get, Index => 0));
         Get_Woken (S);
         requeue Get_Queue;
      end Get;

      entry Get_Held (S : out String)
        when Closed or else (Chosen = Holder_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Holder_Get, Index => 0));
         Get_Woken (S);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Holder_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Holder_No_Entry then
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
        (Order : Holder_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Holder_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Holder_Alternative) is
      begin
         case Alternative.Id is
            when Holder_Set =>
               Set_Armed := True;
            when Holder_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Holder_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Holder_Set =>
               return Holder.Set'Count + Set_Held'Count > 0;
            when Holder_Get =>
               return Holder.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Holder_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Set_Take (C : out Character) is
      begin
         C := Set_C;
         Chosen := Holder_No_Entry;
      end Set_Take;

      procedure Set_Woken (C : in Character) is
      begin
         Disarm;
         Chosen := Holder_Set;
         Set_C := C;
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

      entry Set_Queue (C : in Character)
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

      procedure Get_Take is
      begin
         Chosen := Holder_No_Entry;
      end Get_Take;

      procedure Get_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Holder_Get;
         Get_S := new String'(S);
         Get_Done := False;
      end Get_Woken;

      function Get_S_Value return String is
      begin
         return Get_S.all;
      end Get_S_Value;

      procedure Get_Accept_End (S : in String) is
      begin
         Get_S.all := S;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         S : in String) is
      begin
         Get_S.all := S;
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (S : out String)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            Free_Get_S (Get_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            S := Get_S.all;
            Free_Get_S (Get_S);
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         S := Get_S.all;
         Free_Get_S (Get_S);
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Holder;

   task body Holder_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Holder_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Holder_Closer);
      overriding procedure Finalize (Object : in out Holder_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Holder_Closer;
      V : Vec (Len => N);
   begin
      loop
         declare
            Alternatives : constant Holder_Alternative_List :=
              (1 => (Holder_Set, 0),
               2 => (Holder_Get, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Character) do
                     Self.Set_Woken (Value_1);
                     requeue Self.Set_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out String) do
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
                     accept Wake_1 (1) (Value_1 : in Character) do
                        requeue Self.Set_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out String) do
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
                     C : Character;
                  begin
                     Self.Set_Take (C);
                     begin
                        V.Data := (others => C);
                     exception
                        when Occurrence : others =>
                           Self.Set_Failed (Occurrence);
                           raise;
                     end;
                     Self.Set_Accept_End;
                  end;
               when 2 =>
                  begin
                     Self.Get_Take;
                     declare
                        S : String := Self.Get_S_Value;
                     begin
                        begin
                           S := V.Data;
                        exception
                           when Occurrence : others =>
                              Self.Get_Failed (Occurrence, S);
                              raise;
                        end;
                        Self.Get_Accept_End (S);
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Holder_Agent;
   H : Holder (3);
   S : String (1 .. 3);
begin
   H.Set ('x');
   H.Get (S);
   Put_Line (S);
   Put_Line ("PASSED");
end Main;
