--  Beside poll_else_null: polling servers whose polling can be told from waiting
--  stay refused, each naming what tells it.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   Never : Boolean := False;  --  the calls it guards are not made
   pragma Volatile (Never);

   --  A conditional call of Asked.Get (below): the original takes its else part
   type Asked_Entry is (Asked_No_Entry, Asked_Set, Asked_Get, Asked_Quit);
   type Asked_Alternative is record
      Id : Asked_Entry := Asked_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Asked_Alternative_List is array (Positive range <>) of Asked_Alternative;
   --  rdv2po: task Asked became this protected object; its code runs in the
   --  task Asked_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Asked is
      entry Set (V : Integer);
      entry Get (V : out Integer);
      entry Quit;
      --  rdv2po: the rendezvous protocol, for Asked_Agent
      entry Select_Arm
        (Order : Asked_Alternative_List;
         Chosen_Position : out Natural);
      procedure Set_Take (V : out Integer);
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (V : in Integer);
      procedure Get_Take (V : out Integer);
      procedure Get_Accept_End (V : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Integer);
      procedure Quit_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Asked_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Asked_Alternative);
      function Queued (Alternative : Asked_Alternative) return Boolean;
      function Position_Of (Alternative : Asked_Alternative) return Natural;
      Armed_List : Asked_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Asked_Entry := Asked_No_Entry;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_V : Integer;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_V : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Quit_Armed : Boolean := False;
   end Asked;
   task Asked_Agent is
      --  rdv2po: general scheme agent of Asked
   end Asked_Agent;

   --  A timed call with a zero delay of Timed.Get (below)
   type Timed_Entry is (Timed_No_Entry, Timed_Set, Timed_Get, Timed_Quit);
   type Timed_Alternative is record
      Id : Timed_Entry := Timed_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Timed_Alternative_List is array (Positive range <>) of Timed_Alternative;
   --  rdv2po: task Timed became this protected object; its code runs in the
   --  task Timed_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Timed is
      entry Set (V : Integer);
      entry Get (V : out Integer);
      entry Quit;
      --  rdv2po: the rendezvous protocol, for Timed_Agent
      entry Select_Arm
        (Order : Timed_Alternative_List;
         Chosen_Position : out Natural);
      procedure Set_Take (V : out Integer);
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (V : in Integer);
      procedure Get_Take (V : out Integer);
      procedure Get_Accept_End (V : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Integer);
      procedure Quit_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Timed_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Timed_Alternative);
      function Queued (Alternative : Timed_Alternative) return Boolean;
      function Position_Of (Alternative : Timed_Alternative) return Natural;
      Armed_List : Timed_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Timed_Entry := Timed_No_Entry;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_V : Integer;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_V : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Quit_Armed : Boolean := False;
   end Timed;
   task Timed_Agent is
      --  rdv2po: general scheme agent of Timed
   end Timed_Agent;

   --  Its else part counts the passes
   type Busy_Entry is (Busy_No_Entry, Busy_Set, Busy_Quit);
   type Busy_Alternative is record
      Id : Busy_Entry := Busy_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Busy_Alternative_List is array (Positive range <>) of Busy_Alternative;
   --  rdv2po: task Busy became this protected object; its code runs in the
   --  task Busy_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Busy is
      entry Set (V : Integer);
      entry Quit;
      --  rdv2po: the rendezvous protocol, for Busy_Agent
      entry Select_Arm
        (Order : Busy_Alternative_List;
         Chosen_Position : out Natural);
      procedure Set_Take (V : out Integer);
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (V : in Integer);
      procedure Quit_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Busy_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Busy_Alternative);
      function Queued (Alternative : Busy_Alternative) return Boolean;
      function Position_Of (Alternative : Busy_Alternative) return Natural;
      Armed_List : Busy_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Busy_Entry := Busy_No_Entry;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_V : Integer;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Quit_Armed : Boolean := False;
   end Busy;
   task Busy_Agent is
      --  rdv2po: general scheme agent of Busy
   end Busy_Agent;

   --  A statement before its select runs on every pass
   type Around_Entry is (Around_No_Entry, Around_Set, Around_Quit);
   type Around_Alternative is record
      Id : Around_Entry := Around_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Around_Alternative_List is array (Positive range <>) of Around_Alternative;
   --  rdv2po: task Around became this protected object; its code runs in the
   --  task Around_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Around is
      entry Set (V : Integer);
      entry Quit;
      --  rdv2po: the rendezvous protocol, for Around_Agent
      entry Select_Arm
        (Order : Around_Alternative_List;
         Chosen_Position : out Natural);
      procedure Set_Take (V : out Integer);
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (V : in Integer);
      procedure Quit_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Around_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Around_Alternative);
      function Queued (Alternative : Around_Alternative) return Boolean;
      function Position_Of (Alternative : Around_Alternative) return Natural;
      Armed_List : Around_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Around_Entry := Around_No_Entry;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_V : Integer;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Quit_Armed : Boolean := False;
   end Around;
   task Around_Agent is
      --  rdv2po: general scheme agent of Around
   end Around_Agent;

   --  A guard reading 'Count, which changes while it polls
   type Counted_Entry is (Counted_No_Entry, Counted_Set, Counted_Quit);
   type Counted_Alternative is record
      Id : Counted_Entry := Counted_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Counted_Alternative_List is array (Positive range <>) of Counted_Alternative;
   --  rdv2po: task Counted became this protected object; its code runs in the
   --  task Counted_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Counted is
      entry Set (V : Integer);
      entry Quit;
      --  rdv2po: the rendezvous protocol, for Counted_Agent
      entry Select_Arm
        (Order : Counted_Alternative_List;
         Chosen_Position : out Natural);
      procedure Set_Take (V : out Integer);
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (V : in Integer);
      procedure Quit_Take;
      function Quit_Count return Natural;
      procedure Close;
   private
      entry Select_Wait
        (Order : Counted_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Counted_Alternative);
      function Queued (Alternative : Counted_Alternative) return Boolean;
      function Position_Of (Alternative : Counted_Alternative) return Natural;
      Armed_List : Counted_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Counted_Entry := Counted_No_Entry;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_V : Integer;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Quit_Armed : Boolean := False;
   end Counted;
   task Counted_Agent is
      --  rdv2po: general scheme agent of Counted
   end Counted_Agent;

   --  Every alternative guarded: all closed, it spins where waiting raises
   type Guarded_Entry is (Guarded_No_Entry, Guarded_Set, Guarded_Quit);
   type Guarded_Alternative is record
      Id : Guarded_Entry := Guarded_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Guarded_Alternative_List is array (Positive range <>) of Guarded_Alternative;
   --  rdv2po: task Guarded became this protected object; its code runs in the
   --  task Guarded_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Guarded is
      entry Set (V : Integer);
      entry Quit;
      --  rdv2po: the rendezvous protocol, for Guarded_Agent
      entry Select_Arm
        (Order : Guarded_Alternative_List;
         Chosen_Position : out Natural);
      procedure Set_Take (V : out Integer);
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (V : in Integer);
      procedure Quit_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Guarded_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Guarded_Alternative);
      function Queued (Alternative : Guarded_Alternative) return Boolean;
      function Position_Of (Alternative : Guarded_Alternative) return Natural;
      Armed_List : Guarded_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Guarded_Entry := Guarded_No_Entry;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_V : Integer;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Quit_Armed : Boolean := False;
   end Guarded;
   task Guarded_Agent is
      --  rdv2po: general scheme agent of Guarded
   end Guarded_Agent;

   protected body Asked is

      entry Set (V : Integer)
        when Closed or else (Chosen = Asked_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Asked_Set, Index => 0));
         Disarm;
         Chosen := Asked_Set;
         Set_V := V;
         Set_Done := False;
         requeue Set_Queue;
      end Set;

      entry Get (V : out Integer)
        when Closed or else (Chosen = Asked_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Asked_Get, Index => 0));
         Disarm;
         Chosen := Asked_Get;
         Get_V := V;
         Get_Done := False;
         requeue Get_Queue;
      end Get;

      entry Quit
        when Closed or else (Chosen = Asked_No_Entry and then Quit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Asked_Quit, Index => 0));
         Disarm;
         Chosen := Asked_Quit;
      end Quit;

      entry Select_Arm
        (Order : Asked_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Asked_No_Entry then
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
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Asked_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Asked_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Get_Armed := False;
         Quit_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Asked_Alternative) is
      begin
         case Alternative.Id is
            when Asked_Set =>
               Set_Armed := True;
            when Asked_Get =>
               Get_Armed := True;
            when Asked_Quit =>
               Quit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Asked_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Asked_Set =>
               return Asked.Set'Count > 0;
            when Asked_Get =>
               return Asked.Get'Count > 0;
            when Asked_Quit =>
               return Asked.Quit'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Asked_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Set_Take (V : out Integer) is
      begin
         V := Set_V;
         Chosen := Asked_No_Entry;
      end Set_Take;

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

      entry Set_Queue (V : in Integer)
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

      procedure Get_Take (V : out Integer) is
      begin
         V := Get_V;
         Chosen := Asked_No_Entry;
      end Get_Take;

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

      procedure Quit_Take is
      begin
         Chosen := Asked_No_Entry;
      end Quit_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Asked;

   task body Asked_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Asked_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Asked_Closer);
      overriding procedure Finalize (Object : in out Asked_Closer) is
      begin
         Asked.Close;
      end Finalize;
      Closer : Asked_Closer;
      Value : Integer := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Asked.Select_Arm
              (Order => (1 => (Asked_Set, 0),
                         2 => ((if Value > 0 then Asked_Get else Asked_No_Entry), 0),
                         3 => (Asked_Quit, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Asked.Set_Take (V);
                     begin
                        Value := V;
                     exception
                        when Occurrence : others =>
                           Asked.Set_Failed (Occurrence);
                           raise;
                     end;
                     Asked.Set_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Asked.Get_Take (V);
                     begin
                        V := Value;
                     exception
                        when Occurrence : others =>
                           Asked.Get_Failed (Occurrence);
                           raise;
                     end;
                     Asked.Get_Accept_End (V);
                  end;
               when 3 =>
                  Asked.Quit_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Asked_Agent;

   protected body Timed is

      entry Set (V : Integer)
        when Closed or else (Chosen = Timed_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Timed_Set, Index => 0));
         Disarm;
         Chosen := Timed_Set;
         Set_V := V;
         Set_Done := False;
         requeue Set_Queue;
      end Set;

      entry Get (V : out Integer)
        when Closed or else (Chosen = Timed_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Timed_Get, Index => 0));
         Disarm;
         Chosen := Timed_Get;
         Get_V := V;
         Get_Done := False;
         requeue Get_Queue;
      end Get;

      entry Quit
        when Closed or else (Chosen = Timed_No_Entry and then Quit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Timed_Quit, Index => 0));
         Disarm;
         Chosen := Timed_Quit;
      end Quit;

      entry Select_Arm
        (Order : Timed_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Timed_No_Entry then
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
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Timed_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Timed_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Get_Armed := False;
         Quit_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Timed_Alternative) is
      begin
         case Alternative.Id is
            when Timed_Set =>
               Set_Armed := True;
            when Timed_Get =>
               Get_Armed := True;
            when Timed_Quit =>
               Quit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Timed_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Timed_Set =>
               return Timed.Set'Count > 0;
            when Timed_Get =>
               return Timed.Get'Count > 0;
            when Timed_Quit =>
               return Timed.Quit'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Timed_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Set_Take (V : out Integer) is
      begin
         V := Set_V;
         Chosen := Timed_No_Entry;
      end Set_Take;

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

      entry Set_Queue (V : in Integer)
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

      procedure Get_Take (V : out Integer) is
      begin
         V := Get_V;
         Chosen := Timed_No_Entry;
      end Get_Take;

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

      procedure Quit_Take is
      begin
         Chosen := Timed_No_Entry;
      end Quit_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Timed;

   task body Timed_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Timed_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Timed_Closer);
      overriding procedure Finalize (Object : in out Timed_Closer) is
      begin
         Timed.Close;
      end Finalize;
      Closer : Timed_Closer;
      Value : Integer := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Timed.Select_Arm
              (Order => (1 => (Timed_Set, 0),
                         2 => ((if Value > 0 then Timed_Get else Timed_No_Entry), 0),
                         3 => (Timed_Quit, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Timed.Set_Take (V);
                     begin
                        Value := V;
                     exception
                        when Occurrence : others =>
                           Timed.Set_Failed (Occurrence);
                           raise;
                     end;
                     Timed.Set_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Timed.Get_Take (V);
                     begin
                        V := Value;
                     exception
                        when Occurrence : others =>
                           Timed.Get_Failed (Occurrence);
                           raise;
                     end;
                     Timed.Get_Accept_End (V);
                  end;
               when 3 =>
                  Timed.Quit_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Timed_Agent;

   protected body Busy is

      entry Set (V : Integer)
        when Closed or else (Chosen = Busy_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Busy_Set, Index => 0));
         Disarm;
         Chosen := Busy_Set;
         Set_V := V;
         Set_Done := False;
         requeue Set_Queue;
      end Set;

      entry Quit
        when Closed or else (Chosen = Busy_No_Entry and then Quit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Busy_Quit, Index => 0));
         Disarm;
         Chosen := Busy_Quit;
      end Quit;

      entry Select_Arm
        (Order : Busy_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Busy_No_Entry then
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
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Busy_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Busy_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Quit_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Busy_Alternative) is
      begin
         case Alternative.Id is
            when Busy_Set =>
               Set_Armed := True;
            when Busy_Quit =>
               Quit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Busy_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Busy_Set =>
               return Busy.Set'Count > 0;
            when Busy_Quit =>
               return Busy.Quit'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Busy_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Set_Take (V : out Integer) is
      begin
         V := Set_V;
         Chosen := Busy_No_Entry;
      end Set_Take;

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

      entry Set_Queue (V : in Integer)
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

      procedure Quit_Take is
      begin
         Chosen := Busy_No_Entry;
      end Quit_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Busy;

   task body Busy_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Busy_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Busy_Closer);
      overriding procedure Finalize (Object : in out Busy_Closer) is
      begin
         Busy.Close;
      end Finalize;
      Closer : Busy_Closer;
      Value, Spins : Integer := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Busy.Select_Arm
              (Order => (1 => (Busy_Set, 0),
                         2 => (Busy_Quit, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Busy.Set_Take (V);
                     begin
                        Value := V;
                     exception
                        when Occurrence : others =>
                           Busy.Set_Failed (Occurrence);
                           raise;
                     end;
                     Busy.Set_Accept_End;
                  end;
               when 2 =>
                  Busy.Quit_Take;
                  exit;
               when others =>
                  Spins := Spins + 1;
            end case;
         end;
      end loop;
   end Busy_Agent;

   protected body Around is

      entry Set (V : Integer)
        when Closed or else (Chosen = Around_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Around_Set, Index => 0));
         Disarm;
         Chosen := Around_Set;
         Set_V := V;
         Set_Done := False;
         requeue Set_Queue;
      end Set;

      entry Quit
        when Closed or else (Chosen = Around_No_Entry and then Quit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Around_Quit, Index => 0));
         Disarm;
         Chosen := Around_Quit;
      end Quit;

      entry Select_Arm
        (Order : Around_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Around_No_Entry then
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
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Around_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Around_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Quit_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Around_Alternative) is
      begin
         case Alternative.Id is
            when Around_Set =>
               Set_Armed := True;
            when Around_Quit =>
               Quit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Around_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Around_Set =>
               return Around.Set'Count > 0;
            when Around_Quit =>
               return Around.Quit'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Around_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Set_Take (V : out Integer) is
      begin
         V := Set_V;
         Chosen := Around_No_Entry;
      end Set_Take;

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

      entry Set_Queue (V : in Integer)
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

      procedure Quit_Take is
      begin
         Chosen := Around_No_Entry;
      end Quit_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Around;

   task body Around_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Around_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Around_Closer);
      overriding procedure Finalize (Object : in out Around_Closer) is
      begin
         Around.Close;
      end Finalize;
      Closer : Around_Closer;
      Value, Passes : Integer := 0;
   begin
      loop
         Passes := Passes + 1;
         declare
            Choice : Natural;
         begin
            Around.Select_Arm
              (Order => (1 => (Around_Set, 0),
                         2 => (Around_Quit, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Around.Set_Take (V);
                     begin
                        Value := V;
                     exception
                        when Occurrence : others =>
                           Around.Set_Failed (Occurrence);
                           raise;
                     end;
                     Around.Set_Accept_End;
                  end;
               when 2 =>
                  Around.Quit_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Around_Agent;

   protected body Counted is

      entry Set (V : Integer)
        when Closed or else (Chosen = Counted_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counted_Set, Index => 0));
         Disarm;
         Chosen := Counted_Set;
         Set_V := V;
         Set_Done := False;
         requeue Set_Queue;
      end Set;

      entry Quit
        when Closed or else (Chosen = Counted_No_Entry and then Quit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counted_Quit, Index => 0));
         Disarm;
         Chosen := Counted_Quit;
      end Quit;

      entry Select_Arm
        (Order : Counted_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Counted_No_Entry then
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
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Counted_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Counted_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Quit_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Counted_Alternative) is
      begin
         case Alternative.Id is
            when Counted_Set =>
               Set_Armed := True;
            when Counted_Quit =>
               Quit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Counted_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Counted_Set =>
               return Counted.Set'Count > 0;
            when Counted_Quit =>
               return Counted.Quit'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Counted_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Set_Take (V : out Integer) is
      begin
         V := Set_V;
         Chosen := Counted_No_Entry;
      end Set_Take;

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

      entry Set_Queue (V : in Integer)
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

      procedure Quit_Take is
      begin
         Chosen := Counted_No_Entry;
      end Quit_Take;

      function Quit_Count return Natural is
      begin
         return Counted.Quit'Count;
      end Quit_Count;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Counted;

   task body Counted_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Counted_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Counted_Closer);
      overriding procedure Finalize (Object : in out Counted_Closer) is
      begin
         Counted.Close;
      end Finalize;
      Closer : Counted_Closer;
      Value : Integer := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Counted.Select_Arm
              (Order => (1 => ((if Counted.Quit_Count = 0 then Counted_Set else Counted_No_Entry), 0),
                         2 => (Counted_Quit, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Counted.Set_Take (V);
                     begin
                        Value := V;
                     exception
                        when Occurrence : others =>
                           Counted.Set_Failed (Occurrence);
                           raise;
                     end;
                     Counted.Set_Accept_End;
                  end;
               when 2 =>
                  Counted.Quit_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Counted_Agent;

   protected body Guarded is

      entry Set (V : Integer)
        when Closed or else (Chosen = Guarded_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Guarded_Set, Index => 0));
         Disarm;
         Chosen := Guarded_Set;
         Set_V := V;
         Set_Done := False;
         requeue Set_Queue;
      end Set;

      entry Quit
        when Closed or else (Chosen = Guarded_No_Entry and then Quit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Guarded_Quit, Index => 0));
         Disarm;
         Chosen := Guarded_Quit;
      end Quit;

      entry Select_Arm
        (Order : Guarded_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Guarded_No_Entry then
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
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Guarded_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Guarded_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Quit_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Guarded_Alternative) is
      begin
         case Alternative.Id is
            when Guarded_Set =>
               Set_Armed := True;
            when Guarded_Quit =>
               Quit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Guarded_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Guarded_Set =>
               return Guarded.Set'Count > 0;
            when Guarded_Quit =>
               return Guarded.Quit'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Guarded_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Set_Take (V : out Integer) is
      begin
         V := Set_V;
         Chosen := Guarded_No_Entry;
      end Set_Take;

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

      entry Set_Queue (V : in Integer)
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

      procedure Quit_Take is
      begin
         Chosen := Guarded_No_Entry;
      end Quit_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Guarded;

   task body Guarded_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Guarded_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Guarded_Closer);
      overriding procedure Finalize (Object : in out Guarded_Closer) is
      begin
         Guarded.Close;
      end Finalize;
      Closer : Guarded_Closer;
      Value : Integer := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Guarded.Select_Arm
              (Order => (1 => ((if Value >= 0 then Guarded_Set else Guarded_No_Entry), 0),
                         2 => ((if Value >= 0 then Guarded_Quit else Guarded_No_Entry), 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Guarded.Set_Take (V);
                     begin
                        Value := V;
                     exception
                        when Occurrence : others =>
                           Guarded.Set_Failed (Occurrence);
                           raise;
                     end;
                     Guarded.Set_Accept_End;
                  end;
               when 2 =>
                  Guarded.Quit_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Guarded_Agent;

   X : Integer := 0;
begin
   Asked.Set (1);
   Timed.Set (2);
   Busy.Set (3);
   Around.Set (4);
   Counted.Set (5);
   Guarded.Set (6);
   if Never then
      select
         Asked.Get (X);
      else
         X := -1;
      end select;
      select
         Timed.Get (X);
      or
         delay 0.0;
         X := -1;
      end select;
   end if;
   Asked.Get (X);
   Put_Line ("asked" & X'Image);
   Timed.Get (X);
   Put_Line ("timed" & X'Image);
   Asked.Quit;
   Timed.Quit;
   Busy.Quit;
   Around.Quit;
   Counted.Quit;
   Guarded.Quit;
   Put_Line ("PASSED");
end Main;
