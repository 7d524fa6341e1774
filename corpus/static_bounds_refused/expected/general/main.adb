--  Beside corpus static_bounds: what is not static stays refused, naming why.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Unchecked_Deallocation;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Limit : Integer := 2;

   --  Tally: its constant's value is read from a variable when the task is
   --  activated, so the array type depends on the task's own constant
   type Tally_Entry is (Tally_No_Entry, Tally_Add, Tally_Sum);
   type Tally_Alternative is record
      Id : Tally_Entry := Tally_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Tally_Alternative_List is array (Positive range <>) of Tally_Alternative;
   --  rdv2po: task Tally became this protected object; its code runs in the
   --  task Tally_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Tally is
      entry Add (X : Integer);
      entry Sum (S : out Integer);
      --  rdv2po: the rendezvous protocol, for Tally_Agent
      entry Select_Arm
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (X : Integer);
      procedure Add_Woken (X : in Integer);
      procedure Add_Take (X : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (X : in Integer);
      entry Sum_Held (S : out Integer);
      procedure Sum_Woken (S : in Integer);
      procedure Sum_Take (S : out Integer);
      procedure Sum_Accept_End (S : in Integer);
      procedure Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Sum_Queue (S : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Tally_Alternative);
      function Queued (Alternative : Tally_Alternative) return Boolean;
      function Position_Of (Alternative : Tally_Alternative) return Natural;
      Armed_List : Tally_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Tally_Entry := Tally_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_X : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Sum_Armed : Boolean := False;
      Sum_S : Integer;
      Sum_Done : Boolean := False;
      Sum_Raised : Boolean := False;
      Sum_Failure : Ada.Exceptions.Exception_Occurrence;
   end Tally;
   task Tally_Agent is
      --  rdv2po: general scheme agent of Tally
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Tally_Agent;

   protected body Tally is

      entry Add (X : Integer)
        when Closed
          or else (Chosen = Tally_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Tally_Agent.Wake_1
              (Position_Of ((Id => Tally_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add;

      entry Add_Held (X : Integer)
        when Closed or else (Chosen = Tally_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add_Held;

      entry Sum (S : out Integer)
        when Closed
          or else (Chosen = Tally_No_Entry
                   and then Sum_Armed
                   and then Sum_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Tally_Agent.Wake_2
              (Position_Of ((Id => Tally_Sum, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Sum, Index => 0));
         Sum_Woken (S);
         requeue Sum_Queue;
      end Sum;

      entry Sum_Held (S : out Integer)
        when Closed or else (Chosen = Tally_No_Entry and then Sum_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Sum, Index => 0));
         Sum_Woken (S);
         requeue Sum_Queue;
      end Sum_Held;

      entry Select_Arm
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Tally_No_Entry then
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
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Tally_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Sum_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Tally_Alternative) is
      begin
         case Alternative.Id is
            when Tally_Add =>
               Add_Armed := True;
            when Tally_Sum =>
               Sum_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Tally_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Tally_Add =>
               return Tally.Add'Count + Add_Held'Count > 0;
            when Tally_Sum =>
               return Tally.Sum'Count + Sum_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Tally_Alternative) return Natural is
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
         Chosen := Tally_No_Entry;
      end Add_Take;

      procedure Add_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Tally_Add;
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

      procedure Sum_Take (S : out Integer) is
      begin
         S := Sum_S;
         Chosen := Tally_No_Entry;
      end Sum_Take;

      procedure Sum_Woken (S : in Integer) is
      begin
         Disarm;
         Chosen := Tally_Sum;
         Sum_S := S;
         Sum_Done := False;
      end Sum_Woken;

      procedure Sum_Accept_End (S : in Integer) is
      begin
         Sum_S := S;
         Sum_Done := True;
      end Sum_Accept_End;

      procedure Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Sum_Failure, Occurrence);
         Sum_Raised := True;
         Sum_Done := True;
      end Sum_Failed;

      entry Sum_Queue (S : out Integer)
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
         S := Sum_S;
      end Sum_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Tally;

   task body Tally_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Tally_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Tally_Closer);
      overriding procedure Finalize (Object : in out Tally_Closer) is
      begin
         Tally.Close;
      end Finalize;
      Closer : Tally_Closer;
      Size  : constant Integer := Limit;
      Parts : array (1 .. Size) of Integer := (others => 0);
      Next  : Integer := 1;
   begin
      loop
         declare
            Alternatives : constant Tally_Alternative_List :=
              (1 => (Tally_Add, 0),
               2 => (Tally_Sum, 0));
            Choice : Natural;
         begin
            Tally.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Tally.Add_Woken (Value_1);
                     requeue Tally.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Tally.Sum_Woken (Value_1);
                     requeue Tally.Sum_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Tally.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Tally.Sum_Held with abort;
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
                     Tally.Add_Take (X);
                     begin
                        Parts (Next) := X;
                     exception
                        when Occurrence : others =>
                           Tally.Add_Failed (Occurrence);
                           raise;
                     end;
                     Tally.Add_Accept_End;
                  end;
                  Next := Next mod Size + 1;
               when 2 =>
                  declare
                     S : Integer;
                  begin
                     Tally.Sum_Take (S);
                     begin
                        S := 0;
                        for P of Parts loop
                           S := S + P;
                        end loop;
                     exception
                        when Occurrence : others =>
                           Tally.Sum_Failed (Occurrence);
                           raise;
                     end;
                     Tally.Sum_Accept_End (S);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Tally_Agent;

   --  Gate: its guard reads a bound of its own array, not of a type
   type Gate_Entry is (Gate_No_Entry, Gate_Pass);
   type Gate_Pass_Who_Access is access String;
   procedure Free_Pass_Who is new Ada.Unchecked_Deallocation
     (String,
      Gate_Pass_Who_Access);
   type Gate_Alternative is record
      Id : Gate_Entry := Gate_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Gate_Alternative_List is array (Positive range <>) of Gate_Alternative;
   --  rdv2po: task Gate became this protected object; its code runs in the
   --  task Gate_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Gate is
      entry Pass (Who : String);
      --  rdv2po: the rendezvous protocol, for Gate_Agent
      entry Select_Arm
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural);
      entry Pass_Held (Who : String);
      procedure Pass_Woken (Who : in String);
      procedure Pass_Take;
      function Pass_Who_Value return String;
      procedure Pass_Accept_End;
      procedure Pass_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Pass_Queue (Who : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Gate_Alternative);
      function Queued (Alternative : Gate_Alternative) return Boolean;
      function Position_Of (Alternative : Gate_Alternative) return Natural;
      Armed_List : Gate_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Gate_Entry := Gate_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Pass_Armed : Boolean := False;
      Pass_Who : Gate_Pass_Who_Access;
      Pass_Done : Boolean := False;
      Pass_Raised : Boolean := False;
      Pass_Failure : Ada.Exceptions.Exception_Occurrence;
   end Gate;
   task Gate_Agent is
      --  rdv2po: general scheme agent of Gate
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Gate_Agent;

   protected body Gate is

      entry Pass (Who : String)
        when Closed
          or else (Chosen = Gate_No_Entry
                   and then Pass_Armed
                   and then Pass_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Gate_Agent.Wake_1
              (Position_Of ((Id => Gate_Pass, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Gate_Pass, Index => 0));
         Pass_Woken (Who);
         requeue Pass_Queue;
      end Pass;

      entry Pass_Held (Who : String)
        when Closed or else (Chosen = Gate_No_Entry and then Pass_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gate_Pass, Index => 0));
         Pass_Woken (Who);
         requeue Pass_Queue;
      end Pass_Held;

      entry Select_Arm
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Gate_No_Entry then
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
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Gate_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Pass_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Gate_Alternative) is
      begin
         case Alternative.Id is
            when Gate_Pass =>
               Pass_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Gate_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Gate_Pass =>
               return Gate.Pass'Count + Pass_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Gate_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Pass_Take is
      begin
         Chosen := Gate_No_Entry;
      end Pass_Take;

      procedure Pass_Woken (Who : in String) is
      begin
         Disarm;
         Chosen := Gate_Pass;
         Pass_Who := new String'(Who);
         Pass_Done := False;
      end Pass_Woken;

      function Pass_Who_Value return String is
      begin
         return Pass_Who.all;
      end Pass_Who_Value;

      procedure Pass_Accept_End is
      begin
         Pass_Done := True;
      end Pass_Accept_End;

      procedure Pass_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Pass_Failure, Occurrence);
         Pass_Raised := True;
         Pass_Done := True;
      end Pass_Failed;

      entry Pass_Queue (Who : in String)
        when Pass_Done or else Closed is
      begin
         if not Pass_Done then
            Free_Pass_Who (Pass_Who);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Pass_Done := False;
         if Pass_Raised then
            Pass_Raised := False;
            Free_Pass_Who (Pass_Who);
            Ada.Exceptions.Reraise_Occurrence (Pass_Failure);
         end if;
         Free_Pass_Who (Pass_Who);
      end Pass_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Gate;

   task body Gate_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Gate_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Gate_Closer);
      overriding procedure Finalize (Object : in out Gate_Closer) is
      begin
         Gate.Close;
      end Finalize;
      Closer : Gate_Closer;
      Seen  : array (1 .. 2) of Natural := (0, 0);
      Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Gate_Alternative_List :=
              (1 => ((if Count < Seen'Last then Gate_Pass else Gate_No_Entry), 0));
            Choice : Natural;
         begin
            Gate.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Gate.Pass_Woken (Value_1);
                     requeue Gate.Pass_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Gate.Pass_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Gate.Pass_Take;
                     declare
                        Who : constant String := Gate.Pass_Who_Value;
                     begin
                        begin
                           Put_Line (Who & " passes");
                        exception
                           when Occurrence : others =>
                              Gate.Pass_Failed (Occurrence);
                              raise;
                        end;
                        Gate.Pass_Accept_End;
                     end;
                  end;
                  Count := Count + 1;
                  Seen (Count) := Count;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Gate_Agent;

   S : Integer;
begin
   Tally.Add (4);
   Tally.Add (5);
   Tally.Sum (S);
   Put_Line ("sum" & Integer'Image (S));
   Gate.Pass ("ann");
   Gate.Pass ("bob");
   declare
      --  Strict: its constant's literal lies outside its subtype, so its
      --  activation fails (Tasking_Error here)
      type Strict_Entry is (Strict_No_Entry, Strict_Ping);
      type Strict_Alternative is record
         Id : Strict_Entry := Strict_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Strict_Alternative_List is array (Positive range <>) of Strict_Alternative;
      --  rdv2po: task Strict became this protected object; its code runs in
      --  the task Strict_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Strict is
         entry Ping;
         --  rdv2po: the rendezvous protocol, for Strict_Agent
         entry Select_Arm
           (Order : Strict_Alternative_List;
            Chosen_Position : out Natural);
         entry Ping_Held;
         procedure Ping_Woken;
         procedure Ping_Take;
         procedure Ping_Accept_End;
         procedure Ping_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Ping_Queue;
         procedure Close;
      private
         entry Select_Wait
           (Order : Strict_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Strict_Alternative);
         function Queued (Alternative : Strict_Alternative) return Boolean;
         function Position_Of (Alternative : Strict_Alternative) return Natural;
         Armed_List : Strict_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Strict_Entry := Strict_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Ping_Armed : Boolean := False;
         Ping_Done : Boolean := False;
         Ping_Raised : Boolean := False;
         Ping_Failure : Ada.Exceptions.Exception_Occurrence;
      end Strict;
      task Strict_Agent is
         --  rdv2po: general scheme agent of Strict
         entry Wake_1 (Positive range 1 .. 1);
      end Strict_Agent;

      protected body Strict is

         entry Ping
           when Closed
             or else (Chosen = Strict_No_Entry
                      and then Ping_Armed
                      and then Ping_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Strict_Agent.Wake_1
                 (Position_Of ((Id => Strict_Ping, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Strict_Ping, Index => 0));
            Ping_Woken;
            requeue Ping_Queue;
         end Ping;

         entry Ping_Held
           when Closed or else (Chosen = Strict_No_Entry and then Ping_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Strict_Ping, Index => 0));
            Ping_Woken;
            requeue Ping_Queue;
         end Ping_Held;

         entry Select_Arm
           (Order : Strict_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Strict_No_Entry then
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  a caller already queued is taken first, in the select's order
            --  (as GNAT does)
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
           (Order : Strict_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Strict_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Ping_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Strict_Alternative) is
         begin
            case Alternative.Id is
               when Strict_Ping =>
                  Ping_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Strict_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Strict_Ping =>
                  return Strict.Ping'Count + Ping_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Strict_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Ping_Take is
         begin
            Chosen := Strict_No_Entry;
         end Ping_Take;

         procedure Ping_Woken is
         begin
            Disarm;
            Chosen := Strict_Ping;
            Ping_Done := False;
         end Ping_Woken;

         procedure Ping_Accept_End is
         begin
            Ping_Done := True;
         end Ping_Accept_End;

         procedure Ping_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Ping_Failure, Occurrence);
            Ping_Raised := True;
            Ping_Done := True;
         end Ping_Failed;

         entry Ping_Queue
           when Ping_Done or else Closed is
         begin
            if not Ping_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Ping_Done := False;
            if Ping_Raised then
               Ping_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Ping_Failure);
            end if;
         end Ping_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Strict;

      task body Strict_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Strict_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Strict_Closer);
         overriding procedure Finalize (Object : in out Strict_Closer) is
         begin
            Strict.Close;
         end Finalize;
         Closer : Strict_Closer;
         Least : constant Positive := 0;
         Room  : array (Least .. 1) of Integer;
         Used  : Natural := 0;
      begin
         loop
            declare
               Alternatives : constant Strict_Alternative_List :=
                 (1 => ((if Used < 1 then Strict_Ping else Strict_No_Entry), 0));
               Choice : Natural;
            begin
               Strict.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) do
                        Strict.Ping_Woken;
                        requeue Strict.Ping_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) do
                           requeue Strict.Ping_Held with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     Strict.Ping_Take;
                     begin
                        Room (1) := 1;
                     exception
                        when Occurrence : others =>
                           Strict.Ping_Failed (Occurrence);
                           raise;
                     end;
                     Strict.Ping_Accept_End;
                     Used := Used + 1;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Strict_Agent;
   begin
      Strict.Ping;
      Put_Line ("Strict took a ping");
   end;
   Put_Line ("PASSED");
exception
   when Tasking_Error =>
      Put_Line ("Strict was never activated");
      Put_Line ("PASSED");
end Main;
