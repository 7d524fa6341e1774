--  Guards with conversions and sums that cannot raise (false obstacles found on
--  real code): each value lies in its subtype, so the conversion and the sum stay
--  within their types and the barrier standing for the guard raises nothing.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   type Slot is mod 4;

   --  A ring of three values (accepting scheme): Count converted to Integer
   type Ring_Entry is (Ring_No_Entry, Ring_Put, Ring_Get);
   type Ring_Alternative is record
      Id : Ring_Entry := Ring_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Ring_Alternative_List is array (Positive range <>) of Ring_Alternative;
   --  rdv2po: task Ring became this protected object; its code runs in the
   --  task Ring_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Ring is
      entry Put (V : Integer);
      entry Get (V : out Integer);
      --  rdv2po: the rendezvous protocol, for Ring_Agent
      entry Select_Arm
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (V : Integer);
      procedure Put_Woken (V : in Integer);
      procedure Put_Take (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      entry Get_Held (V : out Integer);
      procedure Get_Woken (V : in Integer);
      procedure Get_Take (V : out Integer);
      procedure Get_Accept_End (V : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Ring_Alternative);
      function Queued (Alternative : Ring_Alternative) return Boolean;
      function Position_Of (Alternative : Ring_Alternative) return Natural;
      Armed_List : Ring_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Ring_Entry := Ring_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_V : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Ring;
   task Ring_Agent is
      --  rdv2po: general scheme agent of Ring
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Ring_Agent;

   protected body Ring is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Ring_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Ring_Agent.Wake_1
              (Position_Of ((Id => Ring_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ring_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Ring_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ring_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

      entry Get (V : out Integer)
        when Closed
          or else (Chosen = Ring_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Ring_Agent.Wake_2
              (Position_Of ((Id => Ring_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ring_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get;

      entry Get_Held (V : out Integer)
        when Closed or else (Chosen = Ring_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ring_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Ring_No_Entry then
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
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Ring_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Ring_Alternative) is
      begin
         case Alternative.Id is
            when Ring_Put =>
               Put_Armed := True;
            when Ring_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Ring_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Ring_Put =>
               return Ring.Put'Count + Put_Held'Count > 0;
            when Ring_Get =>
               return Ring.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Ring_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (V : out Integer) is
      begin
         V := Put_V;
         Chosen := Ring_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Ring_Put;
         Put_V := V;
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

      entry Put_Queue (V : in Integer)
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

      procedure Get_Take (V : out Integer) is
      begin
         V := Get_V;
         Chosen := Ring_No_Entry;
      end Get_Take;

      procedure Get_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Ring_Get;
         Get_V := V;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (V : in Integer) is
      begin
         Get_V := V;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (V : out Integer)
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
         V := Get_V;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Ring;

   task body Ring_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Ring_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Ring_Closer);
      overriding procedure Finalize (Object : in out Ring_Closer) is
      begin
         Ring.Close;
      end Finalize;
      Closer : Ring_Closer;
      Data  : array (Slot) of Integer := (others => 0);
      First, Last, Count : Slot := 0;
   begin
      loop
         declare
            Alternatives : constant Ring_Alternative_List :=
              (1 => ((if Integer (Count) + 1 < 4 then Ring_Put else Ring_No_Entry), 0),
               2 => ((if Integer (Count) > 0 then Ring_Get else Ring_No_Entry), 0));
            Choice : Natural;
         begin
            Ring.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Ring.Put_Woken (Value_1);
                     requeue Ring.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Ring.Get_Woken (Value_1);
                     requeue Ring.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Ring.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Ring.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Ring.Put_Take (V);
                     begin
                        Data (Last) := V;
                     exception
                        when Occurrence : others =>
                           Ring.Put_Failed (Occurrence);
                           raise;
                     end;
                     Ring.Put_Accept_End;
                  end;
                  Last := Last + 1;
                  Count := Count + 1;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Ring.Get_Take (V);
                     begin
                        V := Data (First);
                     exception
                        when Occurrence : others =>
                           Ring.Get_Failed (Occurrence);
                           raise;
                     end;
                     Ring.Get_Accept_End (V);
                  end;
                  First := First + 1;
                  Count := Count - 1;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Ring_Agent;

   --  A meter (accepting scheme): a Natural less one, a modular sum (wraps around),
   --  a Natural converted to Long_Integer and increased
   type Meter_Entry is
     (Meter_No_Entry,
      Meter_Raise_Level,
      Meter_Lower_Level,
      Meter_Tick,
      Meter_Read);
   type Meter_Alternative is record
      Id : Meter_Entry := Meter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Meter_Alternative_List is array (Positive range <>) of Meter_Alternative;
   --  rdv2po: task Meter became this protected object; its code runs in the
   --  task Meter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Meter is
      entry Raise_Level;
      entry Lower_Level;
      entry Tick (Seen : out Integer);
      entry Read (L : out Integer);
      --  rdv2po: the rendezvous protocol, for Meter_Agent
      entry Select_Arm
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural);
      entry Raise_Level_Held;
      procedure Raise_Level_Woken;
      procedure Raise_Level_Take;
      procedure Raise_Level_Accept_End;
      procedure Raise_Level_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Raise_Level_Queue;
      entry Lower_Level_Held;
      procedure Lower_Level_Woken;
      procedure Lower_Level_Take;
      procedure Lower_Level_Accept_End;
      procedure Lower_Level_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Lower_Level_Queue;
      entry Tick_Held (Seen : out Integer);
      procedure Tick_Woken (Seen : in Integer);
      procedure Tick_Take (Seen : out Integer);
      procedure Tick_Accept_End (Seen : in Integer);
      procedure Tick_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Tick_Queue (Seen : out Integer);
      entry Read_Held (L : out Integer);
      procedure Read_Woken (L : in Integer);
      procedure Read_Take (L : out Integer);
      procedure Read_Accept_End (L : in Integer);
      procedure Read_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Read_Queue (L : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Meter_Alternative);
      function Queued (Alternative : Meter_Alternative) return Boolean;
      function Position_Of (Alternative : Meter_Alternative) return Natural;
      Armed_List : Meter_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Meter_Entry := Meter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Raise_Level_Armed : Boolean := False;
      Raise_Level_Done : Boolean := False;
      Raise_Level_Raised : Boolean := False;
      Raise_Level_Failure : Ada.Exceptions.Exception_Occurrence;
      Lower_Level_Armed : Boolean := False;
      Lower_Level_Done : Boolean := False;
      Lower_Level_Raised : Boolean := False;
      Lower_Level_Failure : Ada.Exceptions.Exception_Occurrence;
      Tick_Armed : Boolean := False;
      Tick_Seen : Integer;
      Tick_Done : Boolean := False;
      Tick_Raised : Boolean := False;
      Tick_Failure : Ada.Exceptions.Exception_Occurrence;
      Read_Armed : Boolean := False;
      Read_L : Integer;
      Read_Done : Boolean := False;
      Read_Raised : Boolean := False;
      Read_Failure : Ada.Exceptions.Exception_Occurrence;
   end Meter;
   task Meter_Agent is
      --  rdv2po: general scheme agent of Meter
      entry Wake_1 (Positive range 1 .. 4);
      entry Wake_2 (Positive range 1 .. 4) (Value_1 : out Integer);
   end Meter_Agent;

   protected body Meter is

      entry Raise_Level
        when Closed
          or else (Chosen = Meter_No_Entry
                   and then Raise_Level_Armed
                   and then Raise_Level_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Meter_Agent.Wake_1
              (Position_Of ((Id => Meter_Raise_Level, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Meter_Raise_Level, Index => 0));
         Raise_Level_Woken;
         requeue Raise_Level_Queue;
      end Raise_Level;

      entry Raise_Level_Held
        when Closed
          or else (Chosen = Meter_No_Entry and then Raise_Level_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Raise_Level, Index => 0));
         Raise_Level_Woken;
         requeue Raise_Level_Queue;
      end Raise_Level_Held;

      entry Lower_Level
        when Closed
          or else (Chosen = Meter_No_Entry
                   and then Lower_Level_Armed
                   and then Lower_Level_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Meter_Agent.Wake_1
              (Position_Of ((Id => Meter_Lower_Level, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Meter_Lower_Level, Index => 0));
         Lower_Level_Woken;
         requeue Lower_Level_Queue;
      end Lower_Level;

      entry Lower_Level_Held
        when Closed
          or else (Chosen = Meter_No_Entry and then Lower_Level_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Lower_Level, Index => 0));
         Lower_Level_Woken;
         requeue Lower_Level_Queue;
      end Lower_Level_Held;

      entry Tick (Seen : out Integer)
        when Closed
          or else (Chosen = Meter_No_Entry
                   and then Tick_Armed
                   and then Tick_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Meter_Agent.Wake_2
              (Position_Of ((Id => Meter_Tick, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Meter_Tick, Index => 0));
         Tick_Woken (Seen);
         requeue Tick_Queue;
      end Tick;

      entry Tick_Held (Seen : out Integer)
        when Closed or else (Chosen = Meter_No_Entry and then Tick_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Tick, Index => 0));
         Tick_Woken (Seen);
         requeue Tick_Queue;
      end Tick_Held;

      entry Read (L : out Integer)
        when Closed
          or else (Chosen = Meter_No_Entry
                   and then Read_Armed
                   and then Read_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Meter_Agent.Wake_2
              (Position_Of ((Id => Meter_Read, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Meter_Read, Index => 0));
         Read_Woken (L);
         requeue Read_Queue;
      end Read;

      entry Read_Held (L : out Integer)
        when Closed or else (Chosen = Meter_No_Entry and then Read_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Read, Index => 0));
         Read_Woken (L);
         requeue Read_Queue;
      end Read_Held;

      entry Select_Arm
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Meter_No_Entry then
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
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Meter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Raise_Level_Armed := False;
         Lower_Level_Armed := False;
         Tick_Armed := False;
         Read_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Meter_Alternative) is
      begin
         case Alternative.Id is
            when Meter_Raise_Level =>
               Raise_Level_Armed := True;
            when Meter_Lower_Level =>
               Lower_Level_Armed := True;
            when Meter_Tick =>
               Tick_Armed := True;
            when Meter_Read =>
               Read_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Meter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Meter_Raise_Level =>
               return Meter.Raise_Level'Count + Raise_Level_Held'Count > 0;
            when Meter_Lower_Level =>
               return Meter.Lower_Level'Count + Lower_Level_Held'Count > 0;
            when Meter_Tick =>
               return Meter.Tick'Count + Tick_Held'Count > 0;
            when Meter_Read =>
               return Meter.Read'Count + Read_Held'Count > 0;
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

      procedure Raise_Level_Take is
      begin
         Chosen := Meter_No_Entry;
      end Raise_Level_Take;

      procedure Raise_Level_Woken is
      begin
         Disarm;
         Chosen := Meter_Raise_Level;
         Raise_Level_Done := False;
      end Raise_Level_Woken;

      procedure Raise_Level_Accept_End is
      begin
         Raise_Level_Done := True;
      end Raise_Level_Accept_End;

      procedure Raise_Level_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Raise_Level_Failure, Occurrence);
         Raise_Level_Raised := True;
         Raise_Level_Done := True;
      end Raise_Level_Failed;

      entry Raise_Level_Queue
        when Raise_Level_Done or else Closed is
      begin
         if not Raise_Level_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Raise_Level_Done := False;
         if Raise_Level_Raised then
            Raise_Level_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Raise_Level_Failure);
         end if;
      end Raise_Level_Queue;

      procedure Lower_Level_Take is
      begin
         Chosen := Meter_No_Entry;
      end Lower_Level_Take;

      procedure Lower_Level_Woken is
      begin
         Disarm;
         Chosen := Meter_Lower_Level;
         Lower_Level_Done := False;
      end Lower_Level_Woken;

      procedure Lower_Level_Accept_End is
      begin
         Lower_Level_Done := True;
      end Lower_Level_Accept_End;

      procedure Lower_Level_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Lower_Level_Failure, Occurrence);
         Lower_Level_Raised := True;
         Lower_Level_Done := True;
      end Lower_Level_Failed;

      entry Lower_Level_Queue
        when Lower_Level_Done or else Closed is
      begin
         if not Lower_Level_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Lower_Level_Done := False;
         if Lower_Level_Raised then
            Lower_Level_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Lower_Level_Failure);
         end if;
      end Lower_Level_Queue;

      procedure Tick_Take (Seen : out Integer) is
      begin
         Seen := Tick_Seen;
         Chosen := Meter_No_Entry;
      end Tick_Take;

      procedure Tick_Woken (Seen : in Integer) is
      begin
         Disarm;
         Chosen := Meter_Tick;
         Tick_Seen := Seen;
         Tick_Done := False;
      end Tick_Woken;

      procedure Tick_Accept_End (Seen : in Integer) is
      begin
         Tick_Seen := Seen;
         Tick_Done := True;
      end Tick_Accept_End;

      procedure Tick_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Tick_Failure, Occurrence);
         Tick_Raised := True;
         Tick_Done := True;
      end Tick_Failed;

      entry Tick_Queue (Seen : out Integer)
        when Tick_Done or else Closed is
      begin
         if not Tick_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Tick_Done := False;
         if Tick_Raised then
            Tick_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Tick_Failure);
         end if;
         Seen := Tick_Seen;
      end Tick_Queue;

      procedure Read_Take (L : out Integer) is
      begin
         L := Read_L;
         Chosen := Meter_No_Entry;
      end Read_Take;

      procedure Read_Woken (L : in Integer) is
      begin
         Disarm;
         Chosen := Meter_Read;
         Read_L := L;
         Read_Done := False;
      end Read_Woken;

      procedure Read_Accept_End (L : in Integer) is
      begin
         Read_L := L;
         Read_Done := True;
      end Read_Accept_End;

      procedure Read_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Read_Failure, Occurrence);
         Read_Raised := True;
         Read_Done := True;
      end Read_Failed;

      entry Read_Queue (L : out Integer)
        when Read_Done or else Closed is
      begin
         if not Read_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Read_Done := False;
         if Read_Raised then
            Read_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Read_Failure);
         end if;
         L := Read_L;
      end Read_Queue;

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
         Meter.Close;
      end Finalize;
      Closer : Meter_Closer;
      Level : Natural := 0;
      Phase : Slot := 0;
   begin
      loop
         declare
            Alternatives : constant Meter_Alternative_List :=
              (1 => (Meter_Raise_Level, 0),
               2 => ((if Level - 1 >= 0 then Meter_Lower_Level else Meter_No_Entry), 0),
               3 => ((if Phase + 1 /= 0 then Meter_Tick else Meter_No_Entry), 0),
               4 => ((if Long_Integer (Level) + 1 > 1 then Meter_Read else Meter_No_Entry), 0));
            Choice : Natural;
         begin
            Meter.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Meter.Raise_Level_Woken;
                     requeue Meter.Raise_Level_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Meter.Lower_Level_Woken;
                     requeue Meter.Lower_Level_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_2 (3) (Value_1 : out Integer) do
                     Meter.Tick_Woken (Value_1);
                     requeue Meter.Tick_Queue;
                  end Wake_2;
                  Choice := 3;
               or
                  accept Wake_2 (4) (Value_1 : out Integer) do
                     Meter.Read_Woken (Value_1);
                     requeue Meter.Read_Queue;
                  end Wake_2;
                  Choice := 4;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Meter.Raise_Level_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Meter.Lower_Level_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (3) (Value_1 : out Integer) do
                        requeue Meter.Tick_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_2 (4) (Value_1 : out Integer) do
                        requeue Meter.Read_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Meter.Raise_Level_Take;
                  begin
                     Level := Level + 1;
                  exception
                     when Occurrence : others =>
                        Meter.Raise_Level_Failed (Occurrence);
                        raise;
                  end;
                  Meter.Raise_Level_Accept_End;
               when 2 =>
                  Meter.Lower_Level_Take;
                  begin
                     Level := Level - 1;
                  exception
                     when Occurrence : others =>
                        Meter.Lower_Level_Failed (Occurrence);
                        raise;
                  end;
                  Meter.Lower_Level_Accept_End;
               when 3 =>
                  declare
                     Seen : Integer;
                  begin
                     Meter.Tick_Take (Seen);
                     begin
                        Phase := Phase + 1;
                        Seen := Integer (Phase);
                     exception
                        when Occurrence : others =>
                           Meter.Tick_Failed (Occurrence);
                           raise;
                     end;
                     Meter.Tick_Accept_End (Seen);
                  end;
               when 4 =>
                  declare
                     L : Integer;
                  begin
                     Meter.Read_Take (L);
                     begin
                        L := Level;
                     exception
                        when Occurrence : others =>
                           Meter.Read_Failed (Occurrence);
                           raise;
                     end;
                     Meter.Read_Accept_End (L);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Meter_Agent;

   --  A logbook that prints in its accept bodies (caller-runs scheme), with an
   --  anonymous array of a scalar indexed by the modular type
   type Logbook_Entry is (Logbook_No_Entry, Logbook_Write, Logbook_Take);
   type Logbook_Alternative is record
      Id : Logbook_Entry := Logbook_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Logbook_Alternative_List is array (Positive range <>) of Logbook_Alternative;
   --  rdv2po: task Logbook became this protected object; its code runs in the
   --  task Logbook_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Logbook is
      entry Write (V : Integer);
      entry Take (V : out Integer);
      --  rdv2po: the rendezvous protocol, for Logbook_Agent
      entry Select_Arm
        (Order : Logbook_Alternative_List;
         Chosen_Position : out Natural);
      entry Write_Held (V : Integer);
      procedure Write_Woken (V : in Integer);
      procedure Write_Take (V : out Integer);
      procedure Write_Accept_End;
      procedure Write_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Write_Queue (V : in Integer);
      entry Take_Held (V : out Integer);
      procedure Take_Woken (V : in Integer);
      procedure Take_Take (V : out Integer);
      procedure Take_Accept_End (V : in Integer);
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (V : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Logbook_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Logbook_Alternative);
      function Queued (Alternative : Logbook_Alternative) return Boolean;
      function Position_Of (Alternative : Logbook_Alternative) return Natural;
      Armed_List : Logbook_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Logbook_Entry := Logbook_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Write_Armed : Boolean := False;
      Write_V : Integer;
      Write_Done : Boolean := False;
      Write_Raised : Boolean := False;
      Write_Failure : Ada.Exceptions.Exception_Occurrence;
      Take_Armed : Boolean := False;
      Take_V : Integer;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
   end Logbook;
   task Logbook_Agent is
      --  rdv2po: general scheme agent of Logbook
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Logbook_Agent;

   protected body Logbook is

      entry Write (V : Integer)
        when Closed
          or else (Chosen = Logbook_No_Entry
                   and then Write_Armed
                   and then Write_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Logbook_Agent.Wake_1
              (Position_Of ((Id => Logbook_Write, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Logbook_Write, Index => 0));
         Write_Woken (V);
         requeue Write_Queue;
      end Write;

      entry Write_Held (V : Integer)
        when Closed or else (Chosen = Logbook_No_Entry and then Write_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logbook_Write, Index => 0));
         Write_Woken (V);
         requeue Write_Queue;
      end Write_Held;

      entry Take (V : out Integer)
        when Closed
          or else (Chosen = Logbook_No_Entry
                   and then Take_Armed
                   and then Take_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Logbook_Agent.Wake_2
              (Position_Of ((Id => Logbook_Take, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Logbook_Take, Index => 0));
         Take_Woken (V);
         requeue Take_Queue;
      end Take;

      entry Take_Held (V : out Integer)
        when Closed or else (Chosen = Logbook_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logbook_Take, Index => 0));
         Take_Woken (V);
         requeue Take_Queue;
      end Take_Held;

      entry Select_Arm
        (Order : Logbook_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Logbook_No_Entry then
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
        (Order : Logbook_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Logbook_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Write_Armed := False;
         Take_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Logbook_Alternative) is
      begin
         case Alternative.Id is
            when Logbook_Write =>
               Write_Armed := True;
            when Logbook_Take =>
               Take_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Logbook_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Logbook_Write =>
               return Logbook.Write'Count + Write_Held'Count > 0;
            when Logbook_Take =>
               return Logbook.Take'Count + Take_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Logbook_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Write_Take (V : out Integer) is
      begin
         V := Write_V;
         Chosen := Logbook_No_Entry;
      end Write_Take;

      procedure Write_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Logbook_Write;
         Write_V := V;
         Write_Done := False;
      end Write_Woken;

      procedure Write_Accept_End is
      begin
         Write_Done := True;
      end Write_Accept_End;

      procedure Write_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Write_Failure, Occurrence);
         Write_Raised := True;
         Write_Done := True;
      end Write_Failed;

      entry Write_Queue (V : in Integer)
        when Write_Done or else Closed is
      begin
         if not Write_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Write_Done := False;
         if Write_Raised then
            Write_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Write_Failure);
         end if;
      end Write_Queue;

      procedure Take_Take (V : out Integer) is
      begin
         V := Take_V;
         Chosen := Logbook_No_Entry;
      end Take_Take;

      procedure Take_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Logbook_Take;
         Take_V := V;
         Take_Done := False;
      end Take_Woken;

      procedure Take_Accept_End (V : in Integer) is
      begin
         Take_V := V;
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (V : out Integer)
        when Take_Done or else Closed is
      begin
         if not Take_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Done := False;
         if Take_Raised then
            Take_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Take_Failure);
         end if;
         V := Take_V;
      end Take_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Logbook;

   task body Logbook_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Logbook_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Logbook_Closer);
      overriding procedure Finalize (Object : in out Logbook_Closer) is
      begin
         Logbook.Close;
      end Finalize;
      Closer : Logbook_Closer;
      Lines : array (Slot) of Integer := (others => 0);
      Head, Tail, Held : Slot := 0;
   begin
      loop
         declare
            Alternatives : constant Logbook_Alternative_List :=
              (1 => ((if Integer (Held) + 1 < 4 then Logbook_Write else Logbook_No_Entry), 0),
               2 => ((if Integer (Held) - 1 >= 0 then Logbook_Take else Logbook_No_Entry), 0));
            Choice : Natural;
         begin
            Logbook.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Logbook.Write_Woken (Value_1);
                     requeue Logbook.Write_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Logbook.Take_Woken (Value_1);
                     requeue Logbook.Take_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Logbook.Write_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Logbook.Take_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Logbook.Write_Take (V);
                     begin
                        Lines (Tail) := V;
                        Tail := Tail + 1;
                        Held := Held + 1;
                        Put_Line ("logged" & V'Image);
                     exception
                        when Occurrence : others =>
                           Logbook.Write_Failed (Occurrence);
                           raise;
                     end;
                     Logbook.Write_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Logbook.Take_Take (V);
                     begin
                        V := Lines (Head);
                        Head := Head + 1;
                        Held := Held - 1;
                        Put_Line ("taken" & V'Image);
                     exception
                        when Occurrence : others =>
                           Logbook.Take_Failed (Occurrence);
                           raise;
                     end;
                     Logbook.Take_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Logbook_Agent;

   V, Sum : Integer := 0;
begin
   for I in 1 .. 3 loop
      Ring.Put (I * 10);
   end loop;
   for I in 1 .. 3 loop
      Ring.Get (V);
      Sum := Sum + V;
   end loop;
   Ring.Put (7);
   Ring.Get (V);
   Put_Line ("ring" & Sum'Image & V'Image);

   Meter.Raise_Level;
   Meter.Raise_Level;
   Meter.Lower_Level;
   Meter.Read (V);
   Put_Line ("level" & V'Image);
   for I in 1 .. 3 loop
      Meter.Tick (V);
   end loop;
   select
      Meter.Tick (V);
      Put_Line ("tick taken");
   else
      Put_Line ("tick closed at phase 3");
   end select;

   Logbook.Write (1);
   Logbook.Write (2);
   Logbook.Take (V);
   Logbook.Write (3);
   Logbook.Write (4);
   for I in 1 .. 3 loop
      Logbook.Take (V);
   end loop;
   Put_Line ("PASSED");
end Main;
