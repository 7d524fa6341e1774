--  Awaited task types whose objects are followed by instances rdv2po cannot
--  show quiet, so the caller-runs scheme refuses each, naming the instance:
--  an in actual converted to a formal's subtype that may not hold its value
--  (Gauge: a Natural to a Positive), an instance of a generic package whose
--  body has statements (Meter), an in out actual whose name evaluates an
--  index (Dial).  If the instance raised, the task would never be activated
--  and its master would not wait for it; the translated object's Finalize
--  would.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Gauge;
   type Gauge_Entry is (Gauge_No_Entry, Gauge_Put, Gauge_Stop);
   type Gauge_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Gauge_Put_S_Access);
   type Gauge_Alternative is record
      Id : Gauge_Entry := Gauge_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Gauge_Alternative_List is array (Positive range <>) of Gauge_Alternative;
   task type Gauge_Agent (Self : not null access Gauge) is
      --  rdv2po: general scheme agent of Gauge
   end Gauge_Agent;
   --  rdv2po: task type Gauge became this protected type; its code runs in
   --  Gauge_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Gauge is
      entry Put (S : String);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Gauge_Agent
      entry Select_Arm
        (Order : Gauge_Alternative_List;
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
        (Order : Gauge_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Gauge_Alternative);
      function Queued (Alternative : Gauge_Alternative) return Boolean;
      function Position_Of (Alternative : Gauge_Alternative) return Natural;
      Armed_List : Gauge_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Gauge_Entry := Gauge_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_S : Gauge_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Agent : Gauge_Agent (Self => Gauge'Unchecked_Access);
   end Gauge;

   protected body Gauge is

      entry Put (S : String)
        when Closed or else (Chosen = Gauge_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gauge_Put, Index => 0));
         Disarm;
         Chosen := Gauge_Put;
         Put_S := new String'(S);
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Stop
        when Closed or else (Chosen = Gauge_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gauge_Stop, Index => 0));
         Disarm;
         Chosen := Gauge_Stop;
      end Stop;

      entry Select_Arm
        (Order : Gauge_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Gauge_No_Entry then
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
        (Order : Gauge_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Gauge_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Gauge_Alternative) is
      begin
         case Alternative.Id is
            when Gauge_Put =>
               Put_Armed := True;
            when Gauge_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Gauge_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Gauge_Put =>
               return Gauge.Put'Count > 0;
            when Gauge_Stop =>
               return Gauge.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Gauge_Alternative) return Natural is
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
         Chosen := Gauge_No_Entry;
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
         Chosen := Gauge_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Gauge;

   task body Gauge_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Gauge_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Gauge_Closer);
      overriding procedure Finalize (Object : in out Gauge_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Gauge_Closer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (Gauge_Put, 0),
                         2 => (Gauge_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Put_Line ("gauge: " & S);
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
   end Gauge_Agent;

   type Meter;
   type Meter_Entry is (Meter_No_Entry, Meter_Put, Meter_Stop);
   type Meter_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Meter_Put_S_Access);
   type Meter_Alternative is record
      Id : Meter_Entry := Meter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Meter_Alternative_List is array (Positive range <>) of Meter_Alternative;
   task type Meter_Agent (Self : not null access Meter) is
      --  rdv2po: general scheme agent of Meter
   end Meter_Agent;
   --  rdv2po: task type Meter became this protected type; its code runs in
   --  Meter_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Meter is
      entry Put (S : String);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Meter_Agent
      entry Select_Arm
        (Order : Meter_Alternative_List;
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
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Meter_Alternative);
      function Queued (Alternative : Meter_Alternative) return Boolean;
      function Position_Of (Alternative : Meter_Alternative) return Natural;
      Armed_List : Meter_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Meter_Entry := Meter_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_S : Meter_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Agent : Meter_Agent (Self => Meter'Unchecked_Access);
   end Meter;

   protected body Meter is

      entry Put (S : String)
        when Closed or else (Chosen = Meter_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Put, Index => 0));
         Disarm;
         Chosen := Meter_Put;
         Put_S := new String'(S);
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Stop
        when Closed or else (Chosen = Meter_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Stop, Index => 0));
         Disarm;
         Chosen := Meter_Stop;
      end Stop;

      entry Select_Arm
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Meter_No_Entry then
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
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Meter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Meter_Alternative) is
      begin
         case Alternative.Id is
            when Meter_Put =>
               Put_Armed := True;
            when Meter_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Meter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Meter_Put =>
               return Meter.Put'Count > 0;
            when Meter_Stop =>
               return Meter.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Meter_Alternative) return Natural is
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
         Chosen := Meter_No_Entry;
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
         Chosen := Meter_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Meter;

   task body Meter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Meter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Meter_Closer);
      overriding procedure Finalize (Object : in out Meter_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Meter_Closer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (Meter_Put, 0),
                         2 => (Meter_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Put_Line ("meter: " & S);
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
   end Meter_Agent;

   type Dial;
   type Dial_Entry is (Dial_No_Entry, Dial_Put, Dial_Stop);
   type Dial_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Dial_Put_S_Access);
   type Dial_Alternative is record
      Id : Dial_Entry := Dial_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Dial_Alternative_List is array (Positive range <>) of Dial_Alternative;
   task type Dial_Agent (Self : not null access Dial) is
      --  rdv2po: general scheme agent of Dial
   end Dial_Agent;
   --  rdv2po: task type Dial became this protected type; its code runs in
   --  Dial_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Dial is
      entry Put (S : String);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Dial_Agent
      entry Select_Arm
        (Order : Dial_Alternative_List;
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
        (Order : Dial_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Dial_Alternative);
      function Queued (Alternative : Dial_Alternative) return Boolean;
      function Position_Of (Alternative : Dial_Alternative) return Natural;
      Armed_List : Dial_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Dial_Entry := Dial_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_S : Dial_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Agent : Dial_Agent (Self => Dial'Unchecked_Access);
   end Dial;

   protected body Dial is

      entry Put (S : String)
        when Closed or else (Chosen = Dial_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dial_Put, Index => 0));
         Disarm;
         Chosen := Dial_Put;
         Put_S := new String'(S);
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Stop
        when Closed or else (Chosen = Dial_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dial_Stop, Index => 0));
         Disarm;
         Chosen := Dial_Stop;
      end Stop;

      entry Select_Arm
        (Order : Dial_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Dial_No_Entry then
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
        (Order : Dial_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Dial_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Dial_Alternative) is
      begin
         case Alternative.Id is
            when Dial_Put =>
               Put_Armed := True;
            when Dial_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Dial_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Dial_Put =>
               return Dial.Put'Count > 0;
            when Dial_Stop =>
               return Dial.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Dial_Alternative) return Natural is
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
         Chosen := Dial_No_Entry;
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
         Chosen := Dial_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Dial;

   task body Dial_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Dial_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Dial_Closer);
      overriding procedure Finalize (Object : in out Dial_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Dial_Closer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (Dial_Put, 0),
                         2 => (Dial_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Put_Line ("dial: " & S);
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
   end Dial_Agent;
begin
   declare
      Level : Natural := 4;

      generic
         Limit : in Positive;
      package Bounded is
         function Cap return Positive;
      end Bounded;

      package body Bounded is
         function Cap return Positive is
         begin
            return Limit;
         end Cap;
      end Bounded;

      G : Gauge;
      package Four is new Bounded (Level);
   begin
      G.Put ("cap" & Positive'Image (Four.Cap));
      G.Stop;
   end;

   declare
      generic
      package Announced is
         procedure Hello;
      end Announced;

      package body Announced is
         procedure Hello is
         begin
            Put_Line ("hello");
         end Hello;
      begin
         Put_Line ("announced");
      end Announced;

      M : Meter;
      package Loud is new Announced;
   begin
      M.Put ("one");
      Loud.Hello;
      M.Stop;
   end;

   declare
      Table : array (1 .. 3) of Integer := (others => 0);
      Slot : Integer := 2;

      generic
         Cell : in out Integer;
      procedure Bump;

      procedure Bump is
      begin
         Cell := Cell + 1;
      end Bump;

      D : Dial;
      procedure Bump_Slot is new Bump (Table (Slot));
   begin
      Bump_Slot;
      D.Put ("slot" & Integer'Image (Table (2)));
      D.Stop;
   end;
   Put_Line ("PASSED");
end Main;
