--  Task types the caller-runs scheme takes: each object holds its own turn
--  and its own variables.  Senders, one per line, are started with a name
--  (an accept before the loop), print what they are sent, and stop (the
--  statements after the loop print a count).  Objects are declared, in an
--  anonymous array, made by an allocator and reached through an access
--  value, passed as an in parameter; a timed call is made on one.  A call
--  whose accept body raises reaches the caller and ends that sender; later
--  calls raise Tasking_Error.  The senders' master waits for them (the one
--  stopped prints its count first; the others end at their terminate
--  alternative).  Tallies can always terminate (a terminate
--  alternative and no accept before the loop): they are components of a
--  record and of a named array type.  Greeters print when they start (the
--  task's start-up code, each object's when it is made) with a variable
--  holding a discriminant's value.  A single task with an accept before its
--  loop is taken the same way.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Unchecked_Deallocation;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Sender (Line : Positive) is
      entry Start (Name : String);
      entry Send (Data : String);
      entry Count (N : out Natural);
      entry Stop;
   end Sender;

   task body Sender is
      Tag : String (1 .. 4) := "????";
      Sent : Natural := 0;
   begin
      accept Start (Name : String) do
         Tag := Name (Name'First .. Name'First + 3);
      end Start;
      Put_Line (Tag & " ready on line" & Positive'Image (Line));
      loop
         select
            accept Send (Data : String) do
               if Data = "" then
                  raise Constraint_Error;
               end if;
               Put_Line (Tag & Positive'Image (Line) & ": " & Data);
            end Send;
            Sent := Sent + 1;
         or
            accept Count (N : out Natural) do
               N := Sent;
            end Count;
         or
            accept Stop;
            exit;
         or
            terminate;
         end select;
      end loop;
      Put_Line (Tag & " stops after" & Natural'Image (Sent));
   end Sender;

   type Tally;
   type Tally_Entry is (Tally_No_Entry, Tally_Add, Tally_Total);
   type Tally_Alternative is record
      Id : Tally_Entry := Tally_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Tally_Alternative_List is array (Positive range <>) of Tally_Alternative;
   task type Tally_Agent (Self : not null access Tally) is
      --  rdv2po: general scheme agent of Tally
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Tally_Agent;
   --  rdv2po: task type Tally became this protected type; its code runs in
   --  Tally_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Tally is
      entry Add (N : Integer);
      entry Total (N : out Integer);
      --  rdv2po: the rendezvous protocol, for Tally_Agent
      entry Select_Arm
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (N : Integer);
      procedure Add_Woken (N : in Integer);
      procedure Add_Take (N : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (N : in Integer);
      entry Total_Held (N : out Integer);
      procedure Total_Woken (N : in Integer);
      procedure Total_Take (N : out Integer);
      procedure Total_Accept_End (N : in Integer);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (N : out Integer);
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
      Add_N : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_N : Integer;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Tally_Agent (Self => Tally'Unchecked_Access);
   end Tally;

   protected body Tally is

      entry Add (N : Integer)
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
            requeue Agent.Wake_1
              (Position_Of ((Id => Tally_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add;

      entry Add_Held (N : Integer)
        when Closed or else (Chosen = Tally_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add_Held;

      entry Total (N : out Integer)
        when Closed
          or else (Chosen = Tally_No_Entry
                   and then Total_Armed
                   and then Total_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Tally_Total, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Total, Index => 0));
         Total_Woken (N);
         requeue Total_Queue;
      end Total;

      entry Total_Held (N : out Integer)
        when Closed or else (Chosen = Tally_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Total, Index => 0));
         Total_Woken (N);
         requeue Total_Queue;
      end Total_Held;

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
         Total_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Tally_Alternative) is
      begin
         case Alternative.Id is
            when Tally_Add =>
               Add_Armed := True;
            when Tally_Total =>
               Total_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Tally_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Tally_Add =>
               return Tally.Add'Count + Add_Held'Count > 0;
            when Tally_Total =>
               return Tally.Total'Count + Total_Held'Count > 0;
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

      procedure Add_Take (N : out Integer) is
      begin
         N := Add_N;
         Chosen := Tally_No_Entry;
      end Add_Take;

      procedure Add_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Tally_Add;
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

      procedure Total_Take (N : out Integer) is
      begin
         N := Total_N;
         Chosen := Tally_No_Entry;
      end Total_Take;

      procedure Total_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Tally_Total;
         Total_N := N;
         Total_Done := False;
      end Total_Woken;

      procedure Total_Accept_End (N : in Integer) is
      begin
         Total_N := N;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (N : out Integer)
        when Total_Done or else Closed is
      begin
         if not Total_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Total_Done := False;
         if Total_Raised then
            Total_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Total_Failure);
         end if;
         N := Total_N;
      end Total_Queue;

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
         Self.Close;
      end Finalize;
      Closer : Tally_Closer;
      Sum : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Tally_Alternative_List :=
              (1 => (Tally_Add, 0),
               2 => (Tally_Total, 0));
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
                     Self.Total_Woken (Value_1);
                     requeue Self.Total_Queue;
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
                        requeue Self.Total_Held with abort;
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
                        Put_Line ("add" & Integer'Image (N));
                     exception
                        when Occurrence : others =>
                           Self.Add_Failed (Occurrence);
                           raise;
                     end;
                     Self.Add_Accept_End;
                  end;
               when 2 =>
                  declare
                     N : Integer;
                  begin
                     Self.Total_Take (N);
                     begin
                        N := Sum;
                     exception
                        when Occurrence : others =>
                           Self.Total_Failed (Occurrence);
                           raise;
                     end;
                     Self.Total_Accept_End (N);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Tally_Agent;

   type Greeter;
   type Greeter_Entry is (Greeter_No_Entry, Greeter_Greet);
   type Greeter_Greet_Who_Access is access String;
   procedure Free_Greet_Who is new Ada.Unchecked_Deallocation
     (String,
      Greeter_Greet_Who_Access);
   type Greeter_Alternative is record
      Id : Greeter_Entry := Greeter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Greeter_Alternative_List is array (Positive range <>) of Greeter_Alternative;
   task type Greeter_Agent (Self : not null access Greeter; Id : Positive) is
      --  rdv2po: general scheme agent of Greeter
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Greeter_Agent;
   --  rdv2po: task type Greeter became this protected type; its code runs in
   --  Greeter_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Greeter (Id : Positive) is
      entry Greet (Who : String);
      --  rdv2po: the rendezvous protocol, for Greeter_Agent
      entry Select_Arm
        (Order : Greeter_Alternative_List;
         Chosen_Position : out Natural);
      entry Greet_Held (Who : String);
      procedure Greet_Woken (Who : in String);
      procedure Greet_Take;
      function Greet_Who_Value return String;
      procedure Greet_Accept_End;
      procedure Greet_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Greet_Queue (Who : in String);
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
      Greet_Armed : Boolean := False;
      Greet_Who : Greeter_Greet_Who_Access;
      Greet_Done : Boolean := False;
      Greet_Raised : Boolean := False;
      Greet_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Greeter_Agent (Self => Greeter'Unchecked_Access, Id => Id);
   end Greeter;

   protected body Greeter is

      entry Greet (Who : String)
        when Closed
          or else (Chosen = Greeter_No_Entry
                   and then Greet_Armed
                   and then Greet_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Greeter_Greet, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Greeter_Greet, Index => 0));
         Greet_Woken (Who);
         requeue Greet_Queue;
      end Greet;

      entry Greet_Held (Who : String)
        when Closed or else (Chosen = Greeter_No_Entry and then Greet_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Greeter_Greet, Index => 0));
         Greet_Woken (Who);
         requeue Greet_Queue;
      end Greet_Held;

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
        (Order : Greeter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Greeter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Greet_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Greeter_Alternative) is
      begin
         case Alternative.Id is
            when Greeter_Greet =>
               Greet_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Greeter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Greeter_Greet =>
               return Greeter.Greet'Count + Greet_Held'Count > 0;
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

      procedure Greet_Take is
      begin
         Chosen := Greeter_No_Entry;
      end Greet_Take;

      procedure Greet_Woken (Who : in String) is
      begin
         Disarm;
         Chosen := Greeter_Greet;
         Greet_Who := new String'(Who);
         Greet_Done := False;
      end Greet_Woken;

      function Greet_Who_Value return String is
      begin
         return Greet_Who.all;
      end Greet_Who_Value;

      procedure Greet_Accept_End is
      begin
         Greet_Done := True;
      end Greet_Accept_End;

      procedure Greet_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Greet_Failure, Occurrence);
         Greet_Raised := True;
         Greet_Done := True;
      end Greet_Failed;

      entry Greet_Queue (Who : in String)
        when Greet_Done or else Closed is
      begin
         if not Greet_Done then
            Free_Greet_Who (Greet_Who);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Greet_Done := False;
         if Greet_Raised then
            Greet_Raised := False;
            Free_Greet_Who (Greet_Who);
            Ada.Exceptions.Reraise_Occurrence (Greet_Failure);
         end if;
         Free_Greet_Who (Greet_Who);
      end Greet_Queue;

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
         Self.Close;
      end Finalize;
      Closer : Greeter_Closer;
      Mine : Positive := Id;
      Greeted : Natural := 0;
   begin
      Put_Line ("greeter" & Positive'Image (Mine) & " up");
      loop
         declare
            Alternatives : constant Greeter_Alternative_List :=
              (1 => (Greeter_Greet, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Self.Greet_Woken (Value_1);
                     requeue Self.Greet_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Self.Greet_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Self.Greet_Take;
                     declare
                        Who : constant String := Self.Greet_Who_Value;
                     begin
                        begin
                           Put_Line ("hello " & Who & " from" & Positive'Image (Mine));
                        exception
                           when Occurrence : others =>
                              Self.Greet_Failed (Occurrence);
                              raise;
                        end;
                        Self.Greet_Accept_End;
                     end;
                  end;
                  Greeted := Greeted + 1;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Greeter_Agent;

   type Gate_Entry is (Gate_No_Entry, Gate_Open, Gate_Pass);
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
      entry Open (Code : Integer);
      entry Pass (Who : String);
      --  rdv2po: the rendezvous protocol, for Gate_Agent
      entry Select_Arm
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural);
      entry Open_Accept_Begin (Code : out Integer);
      procedure Open_Accept_End;
      procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Open_Queue (Code : in Integer);
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
      Open_Code : Integer;
      Open_Done : Boolean := False;
      Open_Raised : Boolean := False;
      Open_Failure : Ada.Exceptions.Exception_Occurrence;
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

      entry Open (Code : Integer)
        when Closed
          or else (Chosen = Gate_No_Entry and then Open_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Gate_Open;
         Open_Code := Code;
         Open_Done := False;
         requeue Open_Queue;
      end Open;

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

      entry Open_Accept_Begin (Code : out Integer)
        when Chosen = Gate_Open is
      begin
         Code := Open_Code;
         Chosen := Gate_No_Entry;
      end Open_Accept_Begin;

      procedure Open_Accept_End is
      begin
         Open_Done := True;
      end Open_Accept_End;

      procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Open_Failure, Occurrence);
         Open_Raised := True;
         Open_Done := True;
      end Open_Failed;

      entry Open_Queue (Code : in Integer)
        when Open_Done or else Closed is
      begin
         if not Open_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Open_Done := False;
         if Open_Raised then
            Open_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Open_Failure);
         end if;
      end Open_Queue;

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
      Key : Integer := 0;
      Passed : Natural := 0;
   begin
      declare
         Code : Integer;
      begin
         Gate.Open_Accept_Begin (Code);
         begin
            Key := Code;
         exception
            when Occurrence : others =>
               Gate.Open_Failed (Occurrence);
               raise;
         end;
         Gate.Open_Accept_End;
      end;
      Put_Line ("gate open with" & Integer'Image (Key));
      loop
         declare
            Alternatives : constant Gate_Alternative_List :=
              (1 => (Gate_Pass, 0));
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
                  Passed := Passed + 1;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Gate_Agent;

   procedure Flush (S : Sender) is
      N : Natural;
   begin
      S.Count (N);
      Put_Line ("count" & Natural'Image (N));
   end Flush;

   procedure Senders is
      type Sender_Access is access Sender;
      One : Sender (1);
      Pool : array (1 .. 2) of Sender (2);
      Far : Sender_Access := new Sender (3);
   begin
      One.Start ("modem");
      One.Send ("at");
      One.Send ("dial");
      Flush (One);
      for I in Pool'Range loop
         Pool (I).Start ((if I = 1 then "left" else "right"));
         Pool (I).Send ("key" & Integer'Image (I));
         Flush (Pool (I));
      end loop;
      Far.Start ("serial");
      select
         Far.Send ("timed");
         Put_Line ("timed call taken");
      or
         delay 5.0;
         Put_Line ("timed call not taken");
      end select;
      Flush (Far.all);
      begin
         Far.Send ("");
      exception
         when Constraint_Error => Put_Line ("empty data: Constraint_Error");
      end;
      begin
         Far.Send ("after");
      exception
         when Tasking_Error => Put_Line ("call on an ended sender: Tasking_Error");
      end;
      One.Stop;          --  the pool's senders end at their terminate alternative
   end Senders;

   procedure Tallies is
      type Pair is record
         Left, Right : Tally;
      end record;
      type Row is array (1 .. 3) of Tally;
      P : Pair;
      R : Row;
      N : Integer;
   begin
      P.Left.Add (1);
      P.Right.Add (2);
      for T of R loop
         T.Add (10);
      end loop;
      R (3).Add (5);
      R (3).Total (N);
      Put_Line ("row total" & Integer'Image (N));
      P.Right.Total (N);
      Put_Line ("right total" & Integer'Image (N));
   end Tallies;
   procedure Greeters is
      type Greeter_Access is access Greeter;
      G : Greeter (1);
   begin
      G.Greet ("ann");
      declare
         H : constant Greeter_Access := new Greeter (2);
      begin
         H.Greet ("bob");
      end;
   end Greeters;
begin
   Senders;
   Tallies;
   Greeters;
   Gate.Open (42);
   Gate.Pass ("ann");
   Gate.Pass ("bob");
   Put_Line ("PASSED");
end Main;
