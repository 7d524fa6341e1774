--  One-stage servers whose code can raise.  Counter's Count has the
--  subtype 0 .. 3: the fourth Add raises Constraint_Error in its accept
--  body, which reaches that caller and ends the task (it has no handler);
--  later calls raise Tasking_Error.  Namer copies a String parameter into a
--  String component, which raises when the lengths differ.  The protected
--  objects keep a flag that the task has ended and the handlers that set
--  it, and no Stage.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Unchecked_Deallocation;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   subtype Small is Integer range 0 .. 3;

   type Counter_Entry is (Counter_No_Entry, Counter_Add, Counter_Value);
   type Counter_Alternative is record
      Id : Counter_Entry := Counter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Counter_Alternative_List is array (Positive range <>) of Counter_Alternative;
   --  rdv2po: task Counter became this protected object; its code runs in the
   --  task Counter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Counter is
      entry Add;
      entry Value (V : out Small);
      --  rdv2po: the rendezvous protocol, for Counter_Agent
      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held;
      procedure Add_Woken;
      procedure Add_Take;
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue;
      entry Value_Held (V : out Small);
      procedure Value_Woken (V : in Small);
      procedure Value_Take (V : out Small);
      procedure Value_Accept_End (V : in Small);
      procedure Value_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Value_Queue (V : out Small);
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
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Value_Armed : Boolean := False;
      Value_V : Small;
      Value_Done : Boolean := False;
      Value_Raised : Boolean := False;
      Value_Failure : Ada.Exceptions.Exception_Occurrence;
   end Counter;
   task Counter_Agent is
      --  rdv2po: general scheme agent of Counter
      entry Wake_1 (Positive range 1 .. 2);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Small);
   end Counter_Agent;

   protected body Counter is

      entry Add
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
         Add_Woken;
         requeue Add_Queue;
      end Add;

      entry Add_Held
        when Closed or else (Chosen = Counter_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Add, Index => 0));
         Add_Woken;
         requeue Add_Queue;
      end Add_Held;

      entry Value (V : out Small)
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Value_Armed
                   and then Value_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Counter_Agent.Wake_2
              (Position_Of ((Id => Counter_Value, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Counter_Value, Index => 0));
         Value_Woken (V);
         requeue Value_Queue;
      end Value;

      entry Value_Held (V : out Small)
        when Closed or else (Chosen = Counter_No_Entry and then Value_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Value, Index => 0));
         Value_Woken (V);
         requeue Value_Queue;
      end Value_Held;

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
         Value_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Counter_Alternative) is
      begin
         case Alternative.Id is
            when Counter_Add =>
               Add_Armed := True;
            when Counter_Value =>
               Value_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Counter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Counter_Add =>
               return Counter.Add'Count + Add_Held'Count > 0;
            when Counter_Value =>
               return Counter.Value'Count + Value_Held'Count > 0;
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

      procedure Add_Take is
      begin
         Chosen := Counter_No_Entry;
      end Add_Take;

      procedure Add_Woken is
      begin
         Disarm;
         Chosen := Counter_Add;
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

      entry Add_Queue
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

      procedure Value_Take (V : out Small) is
      begin
         V := Value_V;
         Chosen := Counter_No_Entry;
      end Value_Take;

      procedure Value_Woken (V : in Small) is
      begin
         Disarm;
         Chosen := Counter_Value;
         Value_V := V;
         Value_Done := False;
      end Value_Woken;

      procedure Value_Accept_End (V : in Small) is
      begin
         Value_V := V;
         Value_Done := True;
      end Value_Accept_End;

      procedure Value_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Value_Failure, Occurrence);
         Value_Raised := True;
         Value_Done := True;
      end Value_Failed;

      entry Value_Queue (V : out Small)
        when Value_Done or else Closed is
      begin
         if not Value_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Value_Done := False;
         if Value_Raised then
            Value_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Value_Failure);
         end if;
         V := Value_V;
      end Value_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Counter;

   task body Counter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Counter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Counter_Closer);
      overriding procedure Finalize (Object : in out Counter_Closer) is
      begin
         Counter.Close;
      end Finalize;
      Closer : Counter_Closer;
      Count : Small := 0;
   begin
      loop
         declare
            Alternatives : constant Counter_Alternative_List :=
              (1 => (Counter_Add, 0),
               2 => (Counter_Value, 0));
            Choice : Natural;
         begin
            Counter.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Counter.Add_Woken;
                     requeue Counter.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Small) do
                     Counter.Value_Woken (Value_1);
                     requeue Counter.Value_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Counter.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Small) do
                        requeue Counter.Value_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Counter.Add_Take;
                  begin
                     Count := Count + 1;
                  exception
                     when Occurrence : others =>
                        Counter.Add_Failed (Occurrence);
                        raise;
                  end;
                  Counter.Add_Accept_End;
               when 2 =>
                  declare
                     V : Small;
                  begin
                     Counter.Value_Take (V);
                     begin
                        V := Count;
                     exception
                        when Occurrence : others =>
                           Counter.Value_Failed (Occurrence);
                           raise;
                     end;
                     Counter.Value_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Counter_Agent;

   type Namer_Entry is (Namer_No_Entry, Namer_Set, Namer_Get);
   type Namer_Set_N_Access is access String;
   procedure Free_Set_N is new Ada.Unchecked_Deallocation
     (String,
      Namer_Set_N_Access);
   type Namer_Get_N_Access is access String;
   procedure Free_Get_N is new Ada.Unchecked_Deallocation
     (String,
      Namer_Get_N_Access);
   type Namer_Alternative is record
      Id : Namer_Entry := Namer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Namer_Alternative_List is array (Positive range <>) of Namer_Alternative;
   --  rdv2po: task Namer became this protected object; its code runs in the
   --  task Namer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Namer is
      entry Set (N : String);
      entry Get (N : out String);
      --  rdv2po: the rendezvous protocol, for Namer_Agent
      entry Select_Arm
        (Order : Namer_Alternative_List;
         Chosen_Position : out Natural);
      entry Set_Held (N : String);
      procedure Set_Woken (N : in String);
      procedure Set_Take;
      function Set_N_Value return String;
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (N : in String);
      entry Get_Held (N : out String);
      procedure Get_Woken (N : in String);
      procedure Get_Take;
      function Get_N_Value return String;
      procedure Get_Accept_End (N : in String);
      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         N : in String);
      entry Get_Queue (N : out String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Namer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Namer_Alternative);
      function Queued (Alternative : Namer_Alternative) return Boolean;
      function Position_Of (Alternative : Namer_Alternative) return Natural;
      Armed_List : Namer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Namer_Entry := Namer_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_N : Namer_Set_N_Access;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_N : Namer_Get_N_Access;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Namer;
   task Namer_Agent is
      --  rdv2po: general scheme agent of Namer
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in String);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out String);
   end Namer_Agent;

   protected body Namer is

      entry Set (N : String)
        when Closed
          or else (Chosen = Namer_No_Entry
                   and then Set_Armed
                   and then Set_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Namer_Agent.Wake_1
              (Position_Of ((Id => Namer_Set, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Namer_Set, Index => 0));
         Set_Woken (N);
         requeue Set_Queue;
      end Set;

      entry Set_Held (N : String)
        when Closed or else (Chosen = Namer_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Namer_Set, Index => 0));
         Set_Woken (N);
         requeue Set_Queue;
      end Set_Held;

      entry Get (N : out String)
        when Closed
          or else (Chosen = Namer_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Namer_Agent.Wake_2
              (Position_Of ((Id => Namer_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Namer_Get, Index => 0));
         Get_Woken (N);
         requeue Get_Queue;
      end Get;

      entry Get_Held (N : out String)
        when Closed or else (Chosen = Namer_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Namer_Get, Index => 0));
         Get_Woken (N);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Namer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Namer_No_Entry then
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
        (Order : Namer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Namer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Namer_Alternative) is
      begin
         case Alternative.Id is
            when Namer_Set =>
               Set_Armed := True;
            when Namer_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Namer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Namer_Set =>
               return Namer.Set'Count + Set_Held'Count > 0;
            when Namer_Get =>
               return Namer.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Namer_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Set_Take is
      begin
         Chosen := Namer_No_Entry;
      end Set_Take;

      procedure Set_Woken (N : in String) is
      begin
         Disarm;
         Chosen := Namer_Set;
         Set_N := new String'(N);
         Set_Done := False;
      end Set_Woken;

      function Set_N_Value return String is
      begin
         return Set_N.all;
      end Set_N_Value;

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

      entry Set_Queue (N : in String)
        when Set_Done or else Closed is
      begin
         if not Set_Done then
            Free_Set_N (Set_N);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Set_Done := False;
         if Set_Raised then
            Set_Raised := False;
            Free_Set_N (Set_N);
            Ada.Exceptions.Reraise_Occurrence (Set_Failure);
         end if;
         Free_Set_N (Set_N);
      end Set_Queue;

      procedure Get_Take is
      begin
         Chosen := Namer_No_Entry;
      end Get_Take;

      procedure Get_Woken (N : in String) is
      begin
         Disarm;
         Chosen := Namer_Get;
         Get_N := new String'(N);
         Get_Done := False;
      end Get_Woken;

      function Get_N_Value return String is
      begin
         return Get_N.all;
      end Get_N_Value;

      procedure Get_Accept_End (N : in String) is
      begin
         Get_N.all := N;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         N : in String) is
      begin
         Get_N.all := N;
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (N : out String)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            Free_Get_N (Get_N);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            N := Get_N.all;
            Free_Get_N (Get_N);
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         N := Get_N.all;
         Free_Get_N (Get_N);
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Namer;

   task body Namer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Namer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Namer_Closer);
      overriding procedure Finalize (Object : in out Namer_Closer) is
      begin
         Namer.Close;
      end Finalize;
      Closer : Namer_Closer;
      Name : String (1 .. 4) := "none";
   begin
      loop
         declare
            Alternatives : constant Namer_Alternative_List :=
              (1 => (Namer_Set, 0),
               2 => (Namer_Get, 0));
            Choice : Natural;
         begin
            Namer.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Namer.Set_Woken (Value_1);
                     requeue Namer.Set_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out String) do
                     Namer.Get_Woken (Value_1);
                     requeue Namer.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Namer.Set_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out String) do
                        requeue Namer.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Namer.Set_Take;
                     declare
                        N : constant String := Namer.Set_N_Value;
                     begin
                        begin
                           Name := N;
                        exception
                           when Occurrence : others =>
                              Namer.Set_Failed (Occurrence);
                              raise;
                        end;
                        Namer.Set_Accept_End;
                     end;
                  end;
               when 2 =>
                  begin
                     Namer.Get_Take;
                     declare
                        N : String := Namer.Get_N_Value;
                     begin
                        begin
                           N := Name;
                        exception
                           when Occurrence : others =>
                              Namer.Get_Failed (Occurrence, N);
                              raise;
                        end;
                        Namer.Get_Accept_End (N);
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Namer_Agent;

   V : Small;
   S : String (1 .. 4);
begin
   for I in 1 .. 5 loop
      begin
         Counter.Add;
         Counter.Value (V);
         Put_Line ("add" & Integer'Image (I) & ": value" & Integer'Image (V));
      exception
         when Constraint_Error =>
            Put_Line ("add" & Integer'Image (I) & ": Constraint_Error");
         when Tasking_Error =>
            Put_Line ("add" & Integer'Image (I) & ": Tasking_Error");
      end;
   end loop;
   Namer.Set ("abcd");
   Namer.Get (S);
   Put_Line ("name " & S);
   begin
      Namer.Set ("too long");
      Put_Line ("set: no exception");
   exception
      when Constraint_Error =>
         Put_Line ("set: Constraint_Error");
   end;
   begin
      Namer.Get (S);
      Put_Line ("name " & S);
   exception
      when Tasking_Error =>
         Put_Line ("get: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
