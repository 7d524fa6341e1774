--  Operators renamed before use.  Meter's accept bodies call a renaming of
--  Ada.Calendar."+" and of the predefined "-" of an integer type: those are
--  the language's operators, which cannot block, and Meter translates.  Tally
--  calls a renaming of an operator of the program that logs through a
--  protected entry: that call may block, and the accepting-server scheme
--  refuses Tally (the caller-runs scheme runs it in the caller).
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Calendar;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Money is
      type Cents is range 0 .. 1_000_000;
      function "*" (L : Cents; R : Integer) return Cents;
      function Logged return Natural;
   end Money;

   protected Log is
      entry Put;
      function Count return Natural;
   private
      N : Natural := 0;
   end Log;

   protected body Log is
      entry Put when True is
      begin
         N := N + 1;
      end Put;
      function Count return Natural is (N);
   end Log;

   package body Money is
      function "*" (L : Cents; R : Integer) return Cents is
      begin
         Log.Put;
         return Cents (Integer (L) * R);
      end "*";
      function Logged return Natural is (Log.Count);
   end Money;

   function "+" (Left : Ada.Calendar.Time; Right : Duration) return Ada.Calendar.Time
     renames Ada.Calendar."+";
   function "-" (L, R : Money.Cents) return Money.Cents renames Money."-";
   function "*" (L : Money.Cents; R : Integer) return Money.Cents renames Money."*";

   type Meter_Entry is (Meter_No_Entry, Meter_Spend, Meter_Get);
   type Meter_Alternative is record
      Id : Meter_Entry := Meter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Meter_Alternative_List is array (Positive range <>) of Meter_Alternative;
   --  rdv2po: task Meter became this protected object; its code runs in the
   --  task Meter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Meter is
      entry Spend (X : Money.Cents);
      entry Get (Left : out Money.Cents; Year : out Integer);
      --  rdv2po: the rendezvous protocol, for Meter_Agent
      entry Select_Arm
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural);
      entry Spend_Held (X : Money.Cents);
      procedure Spend_Woken (X : in Money.Cents);
      procedure Spend_Take (X : out Money.Cents);
      procedure Spend_Accept_End;
      procedure Spend_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Spend_Queue (X : in Money.Cents);
      entry Get_Held (Left : out Money.Cents; Year : out Integer);
      procedure Get_Woken (Left : in Money.Cents; Year : in Integer);
      procedure Get_Take (Left : out Money.Cents; Year : out Integer);
      procedure Get_Accept_End (Left : in Money.Cents; Year : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Left : out Money.Cents; Year : out Integer);
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
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Spend_Armed : Boolean := False;
      Spend_X : Money.Cents;
      Spend_Done : Boolean := False;
      Spend_Raised : Boolean := False;
      Spend_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Left : Money.Cents;
      Get_Year : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Meter;
   task Meter_Agent is
      --  rdv2po: general scheme agent of Meter
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Money.Cents);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Money.Cents; Value_2 : out Integer);
   end Meter_Agent;

   protected body Meter is

      entry Spend (X : Money.Cents)
        when Closed
          or else (Chosen = Meter_No_Entry
                   and then Spend_Armed
                   and then Spend_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Meter_Agent.Wake_1
              (Position_Of ((Id => Meter_Spend, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Meter_Spend, Index => 0));
         Spend_Woken (X);
         requeue Spend_Queue;
      end Spend;

      entry Spend_Held (X : Money.Cents)
        when Closed or else (Chosen = Meter_No_Entry and then Spend_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Spend, Index => 0));
         Spend_Woken (X);
         requeue Spend_Queue;
      end Spend_Held;

      entry Get (Left : out Money.Cents; Year : out Integer)
        when Closed
          or else (Chosen = Meter_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Meter_Agent.Wake_2
              (Position_Of ((Id => Meter_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Meter_Get, Index => 0));
         Get_Woken (Left, Year);
         requeue Get_Queue;
      end Get;

      entry Get_Held (Left : out Money.Cents; Year : out Integer)
        when Closed or else (Chosen = Meter_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Get, Index => 0));
         Get_Woken (Left, Year);
         requeue Get_Queue;
      end Get_Held;

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
         Spend_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Meter_Alternative) is
      begin
         case Alternative.Id is
            when Meter_Spend =>
               Spend_Armed := True;
            when Meter_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Meter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Meter_Spend =>
               return Meter.Spend'Count + Spend_Held'Count > 0;
            when Meter_Get =>
               return Meter.Get'Count + Get_Held'Count > 0;
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

      procedure Spend_Take (X : out Money.Cents) is
      begin
         X := Spend_X;
         Chosen := Meter_No_Entry;
      end Spend_Take;

      procedure Spend_Woken (X : in Money.Cents) is
      begin
         Disarm;
         Chosen := Meter_Spend;
         Spend_X := X;
         Spend_Done := False;
      end Spend_Woken;

      procedure Spend_Accept_End is
      begin
         Spend_Done := True;
      end Spend_Accept_End;

      procedure Spend_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Spend_Failure, Occurrence);
         Spend_Raised := True;
         Spend_Done := True;
      end Spend_Failed;

      entry Spend_Queue (X : in Money.Cents)
        when Spend_Done or else Closed is
      begin
         if not Spend_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Spend_Done := False;
         if Spend_Raised then
            Spend_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Spend_Failure);
         end if;
      end Spend_Queue;

      procedure Get_Take (Left : out Money.Cents; Year : out Integer) is
      begin
         Left := Get_Left;
         Year := Get_Year;
         Chosen := Meter_No_Entry;
      end Get_Take;

      procedure Get_Woken (Left : in Money.Cents; Year : in Integer) is
      begin
         Disarm;
         Chosen := Meter_Get;
         Get_Left := Left;
         Get_Year := Year;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (Left : in Money.Cents; Year : in Integer) is
      begin
         Get_Left := Left;
         Get_Year := Year;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Left : out Money.Cents; Year : out Integer)
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
         Left := Get_Left;
         Year := Get_Year;
      end Get_Queue;

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
      Budget : Money.Cents := 100;
      Stamp : Ada.Calendar.Time := Ada.Calendar.Time_Of (2000, 12, 31);
   begin
      loop
         declare
            Alternatives : constant Meter_Alternative_List :=
              (1 => (Meter_Spend, 0),
               2 => (Meter_Get, 0));
            Choice : Natural;
         begin
            Meter.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Money.Cents) do
                     Meter.Spend_Woken (Value_1);
                     requeue Meter.Spend_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Money.Cents; Value_2 : out Integer) do
                     Meter.Get_Woken (Value_1, Value_2);
                     requeue Meter.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Money.Cents) do
                        requeue Meter.Spend_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Money.Cents; Value_2 : out Integer) do
                        requeue Meter.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Money.Cents;
                  begin
                     Meter.Spend_Take (X);
                     begin
                        Budget := Budget - X;
                        Stamp := Stamp + 86_400.0;
                     exception
                        when Occurrence : others =>
                           Meter.Spend_Failed (Occurrence);
                           raise;
                     end;
                     Meter.Spend_Accept_End;
                  end;
               when 2 =>
                  declare
                     Left : Money.Cents;
                     Year : Integer;
                  begin
                     Meter.Get_Take (Left, Year);
                     begin
                        Left := Budget;
                        Year := Ada.Calendar.Year (Stamp);
                     exception
                        when Occurrence : others =>
                           Meter.Get_Failed (Occurrence);
                           raise;
                     end;
                     Meter.Get_Accept_End (Left, Year);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Meter_Agent;

   type Tally_Entry is (Tally_No_Entry, Tally_Double);
   type Tally_Alternative is record
      Id : Tally_Entry := Tally_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Tally_Alternative_List is array (Positive range <>) of Tally_Alternative;
   --  rdv2po: task Tally became this protected object; its code runs in the
   --  task Tally_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Tally is
      entry Double (X : in out Money.Cents);
      --  rdv2po: the rendezvous protocol, for Tally_Agent
      entry Select_Arm
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      entry Double_Held (X : in out Money.Cents);
      procedure Double_Woken (X : in Money.Cents);
      procedure Double_Take (X : out Money.Cents);
      procedure Double_Accept_End (X : in Money.Cents);
      procedure Double_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Double_Queue (X : in out Money.Cents);
      procedure Close;
   private
      entry Select_Wait
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Tally_Alternative);
      function Queued (Alternative : Tally_Alternative) return Boolean;
      function Position_Of (Alternative : Tally_Alternative) return Natural;
      Armed_List : Tally_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Tally_Entry := Tally_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Double_Armed : Boolean := False;
      Double_X : Money.Cents;
      Double_Done : Boolean := False;
      Double_Raised : Boolean := False;
      Double_Failure : Ada.Exceptions.Exception_Occurrence;
   end Tally;
   task Tally_Agent is
      --  rdv2po: general scheme agent of Tally
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in out Money.Cents);
   end Tally_Agent;

   protected body Tally is

      entry Double (X : in out Money.Cents)
        when Closed
          or else (Chosen = Tally_No_Entry
                   and then Double_Armed
                   and then Double_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Tally_Agent.Wake_1
              (Position_Of ((Id => Tally_Double, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Double, Index => 0));
         Double_Woken (X);
         requeue Double_Queue;
      end Double;

      entry Double_Held (X : in out Money.Cents)
        when Closed or else (Chosen = Tally_No_Entry and then Double_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Double, Index => 0));
         Double_Woken (X);
         requeue Double_Queue;
      end Double_Held;

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
         Double_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Tally_Alternative) is
      begin
         case Alternative.Id is
            when Tally_Double =>
               Double_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Tally_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Tally_Double =>
               return Tally.Double'Count + Double_Held'Count > 0;
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

      procedure Double_Take (X : out Money.Cents) is
      begin
         X := Double_X;
         Chosen := Tally_No_Entry;
      end Double_Take;

      procedure Double_Woken (X : in Money.Cents) is
      begin
         Disarm;
         Chosen := Tally_Double;
         Double_X := X;
         Double_Done := False;
      end Double_Woken;

      procedure Double_Accept_End (X : in Money.Cents) is
      begin
         Double_X := X;
         Double_Done := True;
      end Double_Accept_End;

      procedure Double_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Double_Failure, Occurrence);
         Double_Raised := True;
         Double_Done := True;
      end Double_Failed;

      entry Double_Queue (X : in out Money.Cents)
        when Double_Done or else Closed is
      begin
         if not Double_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Double_Done := False;
         if Double_Raised then
            Double_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Double_Failure);
         end if;
         X := Double_X;
      end Double_Queue;

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
   begin
      loop
         declare
            Alternatives : constant Tally_Alternative_List :=
              (1 => (Tally_Double, 0));
            Choice : Natural;
         begin
            Tally.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in out Money.Cents) do
                     Tally.Double_Woken (Value_1);
                     requeue Tally.Double_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in out Money.Cents) do
                        requeue Tally.Double_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Money.Cents;
                  begin
                     Tally.Double_Take (X);
                     begin
                        X := X * 2;
                     exception
                        when Occurrence : others =>
                           Tally.Double_Failed (Occurrence);
                           raise;
                     end;
                     Tally.Double_Accept_End (X);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Tally_Agent;

   Left : Money.Cents;
   Year : Integer;
begin
   Meter.Spend (30);
   Meter.Get (Left, Year);
   Put_Line ("left" & Left'Image & ", year" & Year'Image);
   Tally.Double (Left);
   Put_Line ("doubled" & Left'Image & ", logged" & Money.Logged'Image);
   Put_Line ("PASSED");
end Main;
