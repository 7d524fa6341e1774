--  One-shot servers whose accepts wait in a select with a terminate
--  alternative: the caller-runs scheme takes each such select as its accept.
--  A task waiting there terminates with its master instead of holding it, so
--  an object never called (or called at its first stage only) does not keep
--  its block waiting; one that completes prints after its last accept (its
--  caller runs that), and a later call raises Tasking_Error.  A select of one
--  accept alternative, with no terminate, is taken as that accept.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Unchecked_Deallocation;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Stamp;
   type Stamp_Entry is (Stamp_No_Entry, Stamp_Set, Stamp_Show);
   type Stamp_Alternative is record
      Id : Stamp_Entry := Stamp_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Stamp_Alternative_List is array (Positive range <>) of Stamp_Alternative;
   task type Stamp_Agent (Self : not null access Stamp) is
      --  rdv2po: general scheme agent of Stamp
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 1);
   end Stamp_Agent;
   --  rdv2po: task type Stamp became this protected type; its code runs in
   --  Stamp_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Stamp is
      entry Set (N : Integer);
      entry Show;
      --  rdv2po: the rendezvous protocol, for Stamp_Agent
      entry Select_Arm
        (Order : Stamp_Alternative_List;
         Chosen_Position : out Natural);
      entry Set_Held (N : Integer);
      procedure Set_Woken (N : in Integer);
      procedure Set_Take (N : out Integer);
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (N : in Integer);
      entry Show_Held;
      procedure Show_Woken;
      procedure Show_Take;
      procedure Show_Accept_End;
      procedure Show_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Show_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Stamp_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Stamp_Alternative);
      function Queued (Alternative : Stamp_Alternative) return Boolean;
      function Position_Of (Alternative : Stamp_Alternative) return Natural;
      Armed_List : Stamp_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Stamp_Entry := Stamp_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_N : Integer;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Show_Armed : Boolean := False;
      Show_Done : Boolean := False;
      Show_Raised : Boolean := False;
      Show_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Stamp_Agent (Self => Stamp'Unchecked_Access);
   end Stamp;

   protected body Stamp is

      entry Set (N : Integer)
        when Closed
          or else (Chosen = Stamp_No_Entry
                   and then Set_Armed
                   and then Set_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Stamp_Set, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Stamp_Set, Index => 0));
         Set_Woken (N);
         requeue Set_Queue;
      end Set;

      entry Set_Held (N : Integer)
        when Closed or else (Chosen = Stamp_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Stamp_Set, Index => 0));
         Set_Woken (N);
         requeue Set_Queue;
      end Set_Held;

      entry Show
        when Closed
          or else (Chosen = Stamp_No_Entry
                   and then Show_Armed
                   and then Show_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Stamp_Show, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Stamp_Show, Index => 0));
         Show_Woken;
         requeue Show_Queue;
      end Show;

      entry Show_Held
        when Closed or else (Chosen = Stamp_No_Entry and then Show_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Stamp_Show, Index => 0));
         Show_Woken;
         requeue Show_Queue;
      end Show_Held;

      entry Select_Arm
        (Order : Stamp_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Stamp_No_Entry then
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
        (Order : Stamp_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Stamp_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Show_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Stamp_Alternative) is
      begin
         case Alternative.Id is
            when Stamp_Set =>
               Set_Armed := True;
            when Stamp_Show =>
               Show_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Stamp_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Stamp_Set =>
               return Stamp.Set'Count + Set_Held'Count > 0;
            when Stamp_Show =>
               return Stamp.Show'Count + Show_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Stamp_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Set_Take (N : out Integer) is
      begin
         N := Set_N;
         Chosen := Stamp_No_Entry;
      end Set_Take;

      procedure Set_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Stamp_Set;
         Set_N := N;
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

      entry Set_Queue (N : in Integer)
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

      procedure Show_Take is
      begin
         Chosen := Stamp_No_Entry;
      end Show_Take;

      procedure Show_Woken is
      begin
         Disarm;
         Chosen := Stamp_Show;
         Show_Done := False;
      end Show_Woken;

      procedure Show_Accept_End is
      begin
         Show_Done := True;
      end Show_Accept_End;

      procedure Show_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Show_Failure, Occurrence);
         Show_Raised := True;
         Show_Done := True;
      end Show_Failed;

      entry Show_Queue
        when Show_Done or else Closed is
      begin
         if not Show_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Show_Done := False;
         if Show_Raised then
            Show_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Show_Failure);
         end if;
      end Show_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Stamp;

   task body Stamp_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Stamp_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Stamp_Closer);
      overriding procedure Finalize (Object : in out Stamp_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Stamp_Closer;
      Value : Integer := 0;
   begin
      declare
         Alternatives : constant Stamp_Alternative_List :=
           (1 => (Stamp_Set, 0));
         Choice : Natural;
      begin
         Self.Select_Arm
           (Order => Alternatives,
            Chosen_Position => Choice);
         if Choice = 0 then
            select
               accept Wake_1 (1) (Value_1 : in Integer) do
                  Self.Set_Woken (Value_1);
                  requeue Self.Set_Queue;
               end Wake_1;
               Choice := 1;
            or
               terminate;
            end select;
            --  rdv2po: callers that came too early wait in the object again
            loop
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     requeue Self.Set_Held with abort;
                  end Wake_1;
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
                  Self.Set_Take (N);
                  begin
                     Value := N;
                  exception
                     when Occurrence : others =>
                        Self.Set_Failed (Occurrence);
                        raise;
                  end;
                  Self.Set_Accept_End;
               end;
               Value := Value * 2;
            when others =>
               null;
         end case;
      end;
      declare
         Alternatives : constant Stamp_Alternative_List :=
           (1 => (Stamp_Show, 0));
         Choice : Natural;
      begin
         Self.Select_Arm
           (Order => Alternatives,
            Chosen_Position => Choice);
         if Choice = 0 then
            select
               accept Wake_2 (1) do
                  Self.Show_Woken;
                  requeue Self.Show_Queue;
               end Wake_2;
               Choice := 1;
            or
               terminate;
            end select;
            --  rdv2po: callers that came too early wait in the object again
            loop
               select
                  accept Wake_2 (1) do
                     requeue Self.Show_Held with abort;
                  end Wake_2;
               else
                  exit;
               end select;
            end loop;
         end if;
         case Choice is
            when 1 =>
               Self.Show_Take;
               begin
                  Put_Line ("stamp:" & Integer'Image (Value));
               exception
                  when Occurrence : others =>
                     Self.Show_Failed (Occurrence);
                     raise;
               end;
               Self.Show_Accept_End;
            when others =>
               null;
         end case;
      end;
      Put_Line ("stamp done");
   end Stamp_Agent;

begin
   declare
      type Greeter_Entry is (Greeter_No_Entry, Greeter_Hello);
      type Greeter_Hello_Name_Access is access String;
      procedure Free_Hello_Name is new Ada.Unchecked_Deallocation
        (String,
         Greeter_Hello_Name_Access);
      type Greeter_Alternative is record
         Id : Greeter_Entry := Greeter_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Greeter_Alternative_List is array (Positive range <>) of Greeter_Alternative;
      --  rdv2po: task Greeter became this protected object; its code runs in
      --  the task Greeter_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Greeter is
         entry Hello (Name : String);
         --  rdv2po: the rendezvous protocol, for Greeter_Agent
         entry Select_Arm
           (Order : Greeter_Alternative_List;
            Chosen_Position : out Natural);
         entry Hello_Held (Name : String);
         procedure Hello_Woken (Name : in String);
         procedure Hello_Take;
         function Hello_Name_Value return String;
         procedure Hello_Accept_End;
         procedure Hello_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Hello_Queue (Name : in String);
         procedure Close;
      private
         entry Select_Wait
           (Order : Greeter_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Greeter_Alternative);
         function Queued (Alternative : Greeter_Alternative) return Boolean;
         function Position_Of (Alternative : Greeter_Alternative) return Natural;
         Armed_List : Greeter_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Greeter_Entry := Greeter_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Hello_Armed : Boolean := False;
         Hello_Name : Greeter_Hello_Name_Access;
         Hello_Done : Boolean := False;
         Hello_Raised : Boolean := False;
         Hello_Failure : Ada.Exceptions.Exception_Occurrence;
      end Greeter;
      task Greeter_Agent is
         --  rdv2po: general scheme agent of Greeter
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
      end Greeter_Agent;

      protected body Greeter is

         entry Hello (Name : String)
           when Closed
             or else (Chosen = Greeter_No_Entry
                      and then Hello_Armed
                      and then Hello_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Greeter_Agent.Wake_1
                 (Position_Of ((Id => Greeter_Hello, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Greeter_Hello, Index => 0));
            Hello_Woken (Name);
            requeue Hello_Queue;
         end Hello;

         entry Hello_Held (Name : String)
           when Closed or else (Chosen = Greeter_No_Entry and then Hello_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Greeter_Hello, Index => 0));
            Hello_Woken (Name);
            requeue Hello_Queue;
         end Hello_Held;

         entry Select_Arm
           (Order : Greeter_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Greeter_No_Entry then
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
           (Order : Greeter_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Greeter_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Hello_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Greeter_Alternative) is
         begin
            case Alternative.Id is
               when Greeter_Hello =>
                  Hello_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Greeter_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Greeter_Hello =>
                  return Greeter.Hello'Count + Hello_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Greeter_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Hello_Take is
         begin
            Chosen := Greeter_No_Entry;
         end Hello_Take;

         procedure Hello_Woken (Name : in String) is
         begin
            Disarm;
            Chosen := Greeter_Hello;
            Hello_Name := new String'(Name);
            Hello_Done := False;
         end Hello_Woken;

         function Hello_Name_Value return String is
         begin
            return Hello_Name.all;
         end Hello_Name_Value;

         procedure Hello_Accept_End is
         begin
            Hello_Done := True;
         end Hello_Accept_End;

         procedure Hello_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Hello_Failure, Occurrence);
            Hello_Raised := True;
            Hello_Done := True;
         end Hello_Failed;

         entry Hello_Queue (Name : in String)
           when Hello_Done or else Closed is
         begin
            if not Hello_Done then
               Free_Hello_Name (Hello_Name);
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Hello_Done := False;
            if Hello_Raised then
               Hello_Raised := False;
               Free_Hello_Name (Hello_Name);
               Ada.Exceptions.Reraise_Occurrence (Hello_Failure);
            end if;
            Free_Hello_Name (Hello_Name);
         end Hello_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Greeter;

      task body Greeter_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Greeter_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Greeter_Closer);
         overriding procedure Finalize (Object : in out Greeter_Closer) is
         begin
            Greeter.Close;
         end Finalize;
         Closer : Greeter_Closer;
      begin
         declare
            Alternatives : constant Greeter_Alternative_List :=
              (1 => (Greeter_Hello, 0));
            Choice : Natural;
         begin
            Greeter.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Greeter.Hello_Woken (Value_1);
                     requeue Greeter.Hello_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Greeter.Hello_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Greeter.Hello_Take;
                     declare
                        Name : constant String := Greeter.Hello_Name_Value;
                     begin
                        begin
                           Put_Line ("hello, " & Name);
                        exception
                           when Occurrence : others =>
                              Greeter.Hello_Failed (Occurrence);
                              raise;
                        end;
                        Greeter.Hello_Accept_End;
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end Greeter_Agent;
      --  a select of one alternative waits as its accept does
      type Plain_Entry is (Plain_No_Entry, Plain_Bye);
      type Plain_Alternative is record
         Id : Plain_Entry := Plain_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Plain_Alternative_List is array (Positive range <>) of Plain_Alternative;
      --  rdv2po: task Plain became this protected object; its code runs in the
      --  task Plain_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Plain is
         entry Bye;
         --  rdv2po: the rendezvous protocol, for Plain_Agent
         entry Select_Arm
           (Order : Plain_Alternative_List;
            Chosen_Position : out Natural);
         procedure Bye_Take;
         procedure Bye_Accept_End;
         procedure Bye_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Bye_Queue;
         procedure Close;
      private
         entry Select_Wait
           (Order : Plain_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Plain_Alternative);
         function Queued (Alternative : Plain_Alternative) return Boolean;
         function Position_Of (Alternative : Plain_Alternative) return Natural;
         Armed_List : Plain_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Plain_Entry := Plain_No_Entry;
         Closed : Boolean := False;
         Bye_Armed : Boolean := False;
         Bye_Done : Boolean := False;
         Bye_Raised : Boolean := False;
         Bye_Failure : Ada.Exceptions.Exception_Occurrence;
      end Plain;
      task Plain_Agent is
         --  rdv2po: general scheme agent of Plain
      end Plain_Agent;

      protected body Plain is

         entry Bye
           when Closed or else (Chosen = Plain_No_Entry and then Bye_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Plain_Bye, Index => 0));
            Disarm;
            Chosen := Plain_Bye;
            Bye_Done := False;
            requeue Bye_Queue;
         end Bye;

         entry Select_Arm
           (Order : Plain_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
            Any_Open : Boolean := False;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Plain_No_Entry then
                  Any_Open := True;
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  RM 9.7.1(21): every alternative closed and no else part
            if not Any_Open then
               raise Program_Error;
            end if;
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
            requeue Select_Wait with abort;
         end Select_Arm;

         entry Select_Wait
           (Order : Plain_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Plain_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Bye_Armed := False;
         end Disarm;

         procedure Arm (Alternative : Plain_Alternative) is
         begin
            case Alternative.Id is
               when Plain_Bye =>
                  Bye_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Plain_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Plain_Bye =>
                  return Plain.Bye'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Plain_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Bye_Take is
         begin
            Chosen := Plain_No_Entry;
         end Bye_Take;

         procedure Bye_Accept_End is
         begin
            Bye_Done := True;
         end Bye_Accept_End;

         procedure Bye_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Bye_Failure, Occurrence);
            Bye_Raised := True;
            Bye_Done := True;
         end Bye_Failed;

         entry Bye_Queue
           when Bye_Done or else Closed is
         begin
            if not Bye_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Bye_Done := False;
            if Bye_Raised then
               Bye_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Bye_Failure);
            end if;
         end Bye_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Plain;

      task body Plain_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Plain_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Plain_Closer);
         overriding procedure Finalize (Object : in out Plain_Closer) is
         begin
            Plain.Close;
         end Finalize;
         Closer : Plain_Closer;
      begin
         declare
            Choice : Natural;
         begin
            Plain.Select_Arm
              (Order => (1 => (Plain_Bye, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  Plain.Bye_Take;
                  begin
                     Put_Line ("bye");
                  exception
                     when Occurrence : others =>
                        Plain.Bye_Failed (Occurrence);
                        raise;
                  end;
                  Plain.Bye_Accept_End;
               when others =>
                  null;
            end case;
         end;
      end Plain_Agent;
   begin
      Greeter.Hello ("world");
      Plain.Bye;
      begin
         Greeter.Hello ("again");
         Put_Line ("late call taken");
      exception
         when Tasking_Error =>
            Put_Line ("late call: Tasking_Error");
      end;
   end;

   declare
      Full, Half, Idle : Stamp;
   begin
      Full.Set (21);
      Full.Show;
      Half.Set (5);
      --  Half waits at its second select, Idle at its first: both terminate
      --  with this block
   end;
   Put_Line ("block left");

   declare
      Twice : Stamp;
   begin
      Twice.Set (1);
      Twice.Show;
      Twice.Show;
      Put_Line ("second show taken");
   exception
      when Tasking_Error =>
         Put_Line ("second show: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
