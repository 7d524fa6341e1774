--  Awaited task types whose objects are components of types rdv2po cannot
--  show are made without raising, so the caller-runs scheme refuses each,
--  naming the construct: a component beside the task's whose default is
--  computed (Pump: Ident (2), which could raise after the task's component
--  was made; the task would never be activated, but the translated
--  component's Finalize would wait for it), a record with a discriminant
--  (Valve: its default is evaluated for each object), an aggregate with a
--  box that makes a record holding the task, the initial value of an
--  object (Gate).
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   function Ident (N : Integer) return Integer is
   begin
      return N;
   end Ident;

   type Pump;
   type Pump_Entry is (Pump_No_Entry, Pump_Put, Pump_Stop);
   type Pump_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Pump_Put_S_Access);
   type Pump_Alternative is record
      Id : Pump_Entry := Pump_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Pump_Alternative_List is array (Positive range <>) of Pump_Alternative;
   task type Pump_Agent (Self : not null access Pump) is
      --  rdv2po: general scheme agent of Pump
   end Pump_Agent;
   --  rdv2po: task type Pump became this protected type; its code runs in
   --  Pump_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Pump is
      entry Put (S : String);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Pump_Agent
      entry Select_Arm
        (Order : Pump_Alternative_List;
         Chosen_Position : out Natural);
      procedure Put_Take;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Pump_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Pump_Alternative);
      function Queued (Alternative : Pump_Alternative) return Boolean;
      function Position_Of (Alternative : Pump_Alternative) return Natural;
      Armed_List : Pump_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Pump_Entry := Pump_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_S : Pump_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Agent : Pump_Agent (Self => Pump'Unchecked_Access);
   end Pump;

   protected body Pump is

      entry Put (S : String)
        when Closed or else (Chosen = Pump_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Pump_Put, Index => 0));
         Disarm;
         Chosen := Pump_Put;
         Put_S := new String'(S);
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Stop
        when Closed or else (Chosen = Pump_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Pump_Stop, Index => 0));
         Disarm;
         Chosen := Pump_Stop;
      end Stop;

      entry Select_Arm
        (Order : Pump_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Pump_No_Entry then
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
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Pump_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Pump_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Pump_Alternative) is
      begin
         case Alternative.Id is
            when Pump_Put =>
               Put_Armed := True;
            when Pump_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Pump_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Pump_Put =>
               return Pump.Put'Count > 0;
            when Pump_Stop =>
               return Pump.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Pump_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take is
      begin
         Chosen := Pump_No_Entry;
      end Put_Take;

      function Put_S_Value return String is
      begin
         return Put_S.all;
      end Put_S_Value;

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

      entry Put_Queue (S : in String)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            Free_Put_S (Put_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Free_Put_S (Put_S);
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
         Free_Put_S (Put_S);
      end Put_Queue;

      procedure Stop_Take is
      begin
         Chosen := Pump_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Pump;

   task body Pump_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Pump_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Pump_Closer);
      overriding procedure Finalize (Object : in out Pump_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Pump_Closer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (Pump_Put, 0),
                         2 => (Pump_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Put_Line ("pump: " & S);
                        exception
                           when Occurrence : others =>
                              Self.Put_Failed (Occurrence);
                              raise;
                        end;
                        Self.Put_Accept_End;
                     end;
                  end;
               when 2 =>
                  Self.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Pump_Agent;

   type Valve;
   type Valve_Entry is (Valve_No_Entry, Valve_Put, Valve_Stop);
   type Valve_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Valve_Put_S_Access);
   type Valve_Alternative is record
      Id : Valve_Entry := Valve_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Valve_Alternative_List is array (Positive range <>) of Valve_Alternative;
   task type Valve_Agent (Self : not null access Valve) is
      --  rdv2po: general scheme agent of Valve
   end Valve_Agent;
   --  rdv2po: task type Valve became this protected type; its code runs in
   --  Valve_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Valve is
      entry Put (S : String);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Valve_Agent
      entry Select_Arm
        (Order : Valve_Alternative_List;
         Chosen_Position : out Natural);
      procedure Put_Take;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Valve_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Valve_Alternative);
      function Queued (Alternative : Valve_Alternative) return Boolean;
      function Position_Of (Alternative : Valve_Alternative) return Natural;
      Armed_List : Valve_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Valve_Entry := Valve_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_S : Valve_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Agent : Valve_Agent (Self => Valve'Unchecked_Access);
   end Valve;

   protected body Valve is

      entry Put (S : String)
        when Closed or else (Chosen = Valve_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Valve_Put, Index => 0));
         Disarm;
         Chosen := Valve_Put;
         Put_S := new String'(S);
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Stop
        when Closed or else (Chosen = Valve_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Valve_Stop, Index => 0));
         Disarm;
         Chosen := Valve_Stop;
      end Stop;

      entry Select_Arm
        (Order : Valve_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Valve_No_Entry then
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
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Valve_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Valve_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Valve_Alternative) is
      begin
         case Alternative.Id is
            when Valve_Put =>
               Put_Armed := True;
            when Valve_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Valve_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Valve_Put =>
               return Valve.Put'Count > 0;
            when Valve_Stop =>
               return Valve.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Valve_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take is
      begin
         Chosen := Valve_No_Entry;
      end Put_Take;

      function Put_S_Value return String is
      begin
         return Put_S.all;
      end Put_S_Value;

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

      entry Put_Queue (S : in String)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            Free_Put_S (Put_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Free_Put_S (Put_S);
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
         Free_Put_S (Put_S);
      end Put_Queue;

      procedure Stop_Take is
      begin
         Chosen := Valve_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Valve;

   task body Valve_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Valve_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Valve_Closer);
      overriding procedure Finalize (Object : in out Valve_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Valve_Closer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (Valve_Put, 0),
                         2 => (Valve_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Put_Line ("valve: " & S);
                        exception
                           when Occurrence : others =>
                              Self.Put_Failed (Occurrence);
                              raise;
                        end;
                        Self.Put_Accept_End;
                     end;
                  end;
               when 2 =>
                  Self.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Valve_Agent;

   type Gate;
   type Gate_Entry is (Gate_No_Entry, Gate_Put, Gate_Stop);
   type Gate_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Gate_Put_S_Access);
   type Gate_Alternative is record
      Id : Gate_Entry := Gate_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Gate_Alternative_List is array (Positive range <>) of Gate_Alternative;
   task type Gate_Agent (Self : not null access Gate) is
      --  rdv2po: general scheme agent of Gate
   end Gate_Agent;
   --  rdv2po: task type Gate became this protected type; its code runs in
   --  Gate_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Gate is
      entry Put (S : String);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Gate_Agent
      entry Select_Arm
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural);
      procedure Put_Take;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Gate_Alternative);
      function Queued (Alternative : Gate_Alternative) return Boolean;
      function Position_Of (Alternative : Gate_Alternative) return Natural;
      Armed_List : Gate_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Gate_Entry := Gate_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_S : Gate_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Agent : Gate_Agent (Self => Gate'Unchecked_Access);
   end Gate;

   protected body Gate is

      entry Put (S : String)
        when Closed or else (Chosen = Gate_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gate_Put, Index => 0));
         Disarm;
         Chosen := Gate_Put;
         Put_S := new String'(S);
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Stop
        when Closed or else (Chosen = Gate_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gate_Stop, Index => 0));
         Disarm;
         Chosen := Gate_Stop;
      end Stop;

      entry Select_Arm
        (Order : Gate_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Gate_No_Entry then
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
         Put_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Gate_Alternative) is
      begin
         case Alternative.Id is
            when Gate_Put =>
               Put_Armed := True;
            when Gate_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Gate_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Gate_Put =>
               return Gate.Put'Count > 0;
            when Gate_Stop =>
               return Gate.Stop'Count > 0;
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

      procedure Put_Take is
      begin
         Chosen := Gate_No_Entry;
      end Put_Take;

      function Put_S_Value return String is
      begin
         return Put_S.all;
      end Put_S_Value;

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

      entry Put_Queue (S : in String)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            Free_Put_S (Put_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Free_Put_S (Put_S);
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
         Free_Put_S (Put_S);
      end Put_Queue;

      procedure Stop_Take is
      begin
         Chosen := Gate_No_Entry;
      end Stop_Take;

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
         Self.Close;
      end Finalize;
      Closer : Gate_Closer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (Gate_Put, 0),
                         2 => (Gate_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Put_Line ("gate: " & S);
                        exception
                           when Occurrence : others =>
                              Self.Put_Failed (Occurrence);
                              raise;
                        end;
                        Self.Put_Accept_End;
                     end;
                  end;
               when 2 =>
                  Self.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Gate_Agent;

   type Station is record
      Worker : Pump;
      Level : Integer := Ident (2);
   end record;

   type Pipe (Width : Positive := 3) is record
      Worker : Valve;
   end record;

   type Entrance is record
      Keeper : Gate;
      Open : Boolean := False;
   end record;
begin
   declare
      S : Station;
      P : Pipe;
      E : Entrance := (Keeper => <>, Open => True);
   begin
      E.Keeper.Put ("open " & Boolean'Image (E.Open));
      E.Keeper.Stop;
      S.Worker.Put ("level" & Integer'Image (S.Level));
      P.Worker.Put ("width" & Positive'Image (P.Width));
      S.Worker.Stop;
      P.Worker.Stop;
   end;
   Put_Line ("PASSED");
end Main;
