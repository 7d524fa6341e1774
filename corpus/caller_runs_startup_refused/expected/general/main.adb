--  Servers that print, whose activation or start-up the caller-runs scheme
--  cannot do where the task was activated: a delay before the loop (the
--  activator would wait it out, where the task delayed only itself), a
--  constant computed at activation (a package cannot compute it there), a
--  string whose bounds come from a value computed at activation (the
--  package declares it earlier).
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Base : Integer := 3;

   function Image (X : Integer) return String is (Integer'Image (X));

   type Warm_Entry is (Warm_No_Entry, Warm_Put);
   type Warm_Alternative is record
      Id : Warm_Entry := Warm_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Warm_Alternative_List is array (Positive range <>) of Warm_Alternative;
   --  rdv2po: task Warm became this protected object; its code runs in the
   --  task Warm_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Warm is
      entry Put (V : Integer);
      --  rdv2po: the rendezvous protocol, for Warm_Agent
      entry Select_Arm
        (Order : Warm_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (V : Integer);
      procedure Put_Woken (V : in Integer);
      procedure Put_Take (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Warm_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Warm_Alternative);
      function Queued (Alternative : Warm_Alternative) return Boolean;
      function Position_Of (Alternative : Warm_Alternative) return Natural;
      Armed_List : Warm_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Warm_Entry := Warm_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
   end Warm;
   task Warm_Agent is
      --  rdv2po: general scheme agent of Warm
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Warm_Agent;

   protected body Warm is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Warm_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Warm_Agent.Wake_1
              (Position_Of ((Id => Warm_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Warm_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Warm_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Warm_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Warm_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Warm_No_Entry then
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
        (Order : Warm_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Warm_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Warm_Alternative) is
      begin
         case Alternative.Id is
            when Warm_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Warm_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Warm_Put =>
               return Warm.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Warm_Alternative) return Natural is
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
         Chosen := Warm_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Warm_Put;
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

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Warm;

   task body Warm_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Warm_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Warm_Closer);
      overriding procedure Finalize (Object : in out Warm_Closer) is
      begin
         Warm.Close;
      end Finalize;
      Closer : Warm_Closer;
   begin
      delay 0.01;
      loop
         declare
            Alternatives : constant Warm_Alternative_List :=
              (1 => (Warm_Put, 0));
            Choice : Natural;
         begin
            Warm.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Warm.Put_Woken (Value_1);
                     requeue Warm.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Warm.Put_Held with abort;
                     end Wake_1;
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
                     Warm.Put_Take (V);
                     begin
                        Put_Line ("warm" & Integer'Image (V));
                     exception
                        when Occurrence : others =>
                           Warm.Put_Failed (Occurrence);
                           raise;
                     end;
                     Warm.Put_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Warm_Agent;

   type Fixed_Entry is (Fixed_No_Entry, Fixed_Put);
   type Fixed_Alternative is record
      Id : Fixed_Entry := Fixed_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Fixed_Alternative_List is array (Positive range <>) of Fixed_Alternative;
   --  rdv2po: task Fixed became this protected object; its code runs in the
   --  task Fixed_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Fixed is
      entry Put (V : Integer);
      --  rdv2po: the rendezvous protocol, for Fixed_Agent
      entry Select_Arm
        (Order : Fixed_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (V : Integer);
      procedure Put_Woken (V : in Integer);
      procedure Put_Take (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Fixed_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Fixed_Alternative);
      function Queued (Alternative : Fixed_Alternative) return Boolean;
      function Position_Of (Alternative : Fixed_Alternative) return Natural;
      Armed_List : Fixed_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Fixed_Entry := Fixed_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
   end Fixed;
   task Fixed_Agent is
      --  rdv2po: general scheme agent of Fixed
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Fixed_Agent;

   protected body Fixed is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Fixed_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Fixed_Agent.Wake_1
              (Position_Of ((Id => Fixed_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Fixed_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Fixed_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Fixed_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Fixed_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Fixed_No_Entry then
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
        (Order : Fixed_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Fixed_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Fixed_Alternative) is
      begin
         case Alternative.Id is
            when Fixed_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Fixed_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Fixed_Put =>
               return Fixed.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Fixed_Alternative) return Natural is
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
         Chosen := Fixed_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Fixed_Put;
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

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Fixed;

   task body Fixed_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Fixed_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Fixed_Closer);
      overriding procedure Finalize (Object : in out Fixed_Closer) is
      begin
         Fixed.Close;
      end Finalize;
      Closer : Fixed_Closer;
      Limit : constant Integer := Base * 2;
   begin
      loop
         declare
            Alternatives : constant Fixed_Alternative_List :=
              (1 => (Fixed_Put, 0));
            Choice : Natural;
         begin
            Fixed.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Fixed.Put_Woken (Value_1);
                     requeue Fixed.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Fixed.Put_Held with abort;
                     end Wake_1;
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
                     Fixed.Put_Take (V);
                     begin
                        Put_Line ("fixed" & Integer'Image (Integer'Min (V, Limit)));
                     exception
                        when Occurrence : others =>
                           Fixed.Put_Failed (Occurrence);
                           raise;
                     end;
                     Fixed.Put_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Fixed_Agent;

   type Named_Entry is (Named_No_Entry, Named_Put);
   type Named_Alternative is record
      Id : Named_Entry := Named_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Named_Alternative_List is array (Positive range <>) of Named_Alternative;
   --  rdv2po: task Named became this protected object; its code runs in the
   --  task Named_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Named is
      entry Put (V : Integer);
      --  rdv2po: the rendezvous protocol, for Named_Agent
      entry Select_Arm
        (Order : Named_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (V : Integer);
      procedure Put_Woken (V : in Integer);
      procedure Put_Take (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Named_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Named_Alternative);
      function Queued (Alternative : Named_Alternative) return Boolean;
      function Position_Of (Alternative : Named_Alternative) return Natural;
      Armed_List : Named_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Named_Entry := Named_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
   end Named;
   task Named_Agent is
      --  rdv2po: general scheme agent of Named
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Named_Agent;

   protected body Named is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Named_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Named_Agent.Wake_1
              (Position_Of ((Id => Named_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Named_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Named_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Named_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

      entry Select_Arm
        (Order : Named_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Named_No_Entry then
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
        (Order : Named_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Named_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Named_Alternative) is
      begin
         case Alternative.Id is
            when Named_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Named_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Named_Put =>
               return Named.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Named_Alternative) return Natural is
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
         Chosen := Named_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Named_Put;
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

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Named;

   task body Named_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Named_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Named_Closer);
      overriding procedure Finalize (Object : in out Named_Closer) is
      begin
         Named.Close;
      end Finalize;
      Closer : Named_Closer;
      Name : String := Image (Base);
   begin
      loop
         declare
            Alternatives : constant Named_Alternative_List :=
              (1 => (Named_Put, 0));
            Choice : Natural;
         begin
            Named.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Named.Put_Woken (Value_1);
                     requeue Named.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Named.Put_Held with abort;
                     end Wake_1;
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
                     Named.Put_Take (V);
                     begin
                        Put_Line ("named" & Name & Integer'Image (V));
                     exception
                        when Occurrence : others =>
                           Named.Put_Failed (Occurrence);
                           raise;
                     end;
                     Named.Put_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Named_Agent;
begin
   Warm.Put (1);
   Fixed.Put (10);
   Named.Put (2);
   Base := 0;   --  a variable the program writes: the moment of a read matters
   Put_Line ("PASSED");
end Main;
