--  Conditional calls of servers the caller-runs scheme takes (each prints in
--  its accept body).  Warm computes a table before its first select: the task
--  ran that loop on its own once activated, so a conditional call made
--  meanwhile took its else part; the package would run it in the activator,
--  before the activator goes on, and every later call would find the server
--  ready.  Cold's start-up code is one assignment, whose time no call can see.
--  Main calls each once plainly first, so in this run both are ready.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Warm_Entry is (Warm_No_Entry, Warm_Ping);
   type Warm_Alternative is record
      Id : Warm_Entry := Warm_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Warm_Alternative_List is array (Positive range <>) of Warm_Alternative;
   --  rdv2po: task Warm became this protected object; its code runs in the
   --  task Warm_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Warm is
      entry Ping (N : Integer);
      --  rdv2po: the rendezvous protocol, for Warm_Agent
      entry Select_Arm
        (Order : Warm_Alternative_List;
         Chosen_Position : out Natural);
      entry Ping_Held (N : Integer);
      procedure Ping_Woken (N : in Integer);
      procedure Ping_Take (N : out Integer);
      procedure Ping_Accept_End;
      procedure Ping_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Ping_Queue (N : in Integer);
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
      Ping_Armed : Boolean := False;
      Ping_N : Integer;
      Ping_Done : Boolean := False;
      Ping_Raised : Boolean := False;
      Ping_Failure : Ada.Exceptions.Exception_Occurrence;
   end Warm;
   task Warm_Agent is
      --  rdv2po: general scheme agent of Warm
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Warm_Agent;

   protected body Warm is

      entry Ping (N : Integer)
        when Closed
          or else (Chosen = Warm_No_Entry
                   and then Ping_Armed
                   and then Ping_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Warm_Agent.Wake_1
              (Position_Of ((Id => Warm_Ping, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Warm_Ping, Index => 0));
         Ping_Woken (N);
         requeue Ping_Queue;
      end Ping;

      entry Ping_Held (N : Integer)
        when Closed or else (Chosen = Warm_No_Entry and then Ping_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Warm_Ping, Index => 0));
         Ping_Woken (N);
         requeue Ping_Queue;
      end Ping_Held;

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
         Ping_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Warm_Alternative) is
      begin
         case Alternative.Id is
            when Warm_Ping =>
               Ping_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Warm_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Warm_Ping =>
               return Warm.Ping'Count + Ping_Held'Count > 0;
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

      procedure Ping_Take (N : out Integer) is
      begin
         N := Ping_N;
         Chosen := Warm_No_Entry;
      end Ping_Take;

      procedure Ping_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Warm_Ping;
         Ping_N := N;
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

      entry Ping_Queue (N : in Integer)
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
      Table : array (1 .. 100) of Integer;
      Sum   : Integer := 0;
   begin
      for I in Table'Range loop
         Table (I) := I mod 7;
      end loop;
      loop
         declare
            Alternatives : constant Warm_Alternative_List :=
              (1 => (Warm_Ping, 0));
            Choice : Natural;
         begin
            Warm.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Warm.Ping_Woken (Value_1);
                     requeue Warm.Ping_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Warm.Ping_Held with abort;
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
                     Warm.Ping_Take (N);
                     begin
                        Sum := Sum + Table (N);
                        Put_Line ("warm sum" & Integer'Image (Sum));
                     exception
                        when Occurrence : others =>
                           Warm.Ping_Failed (Occurrence);
                           raise;
                     end;
                     Warm.Ping_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Warm_Agent;

   type Cold_Entry is (Cold_No_Entry, Cold_Ping);
   type Cold_Alternative is record
      Id : Cold_Entry := Cold_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Cold_Alternative_List is array (Positive range <>) of Cold_Alternative;
   --  rdv2po: task Cold became this protected object; its code runs in the
   --  task Cold_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Cold is
      entry Ping (N : Integer);
      --  rdv2po: the rendezvous protocol, for Cold_Agent
      entry Select_Arm
        (Order : Cold_Alternative_List;
         Chosen_Position : out Natural);
      entry Ping_Held (N : Integer);
      procedure Ping_Woken (N : in Integer);
      procedure Ping_Take (N : out Integer);
      procedure Ping_Accept_End;
      procedure Ping_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Ping_Queue (N : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Cold_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Cold_Alternative);
      function Queued (Alternative : Cold_Alternative) return Boolean;
      function Position_Of (Alternative : Cold_Alternative) return Natural;
      Armed_List : Cold_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Cold_Entry := Cold_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Ping_Armed : Boolean := False;
      Ping_N : Integer;
      Ping_Done : Boolean := False;
      Ping_Raised : Boolean := False;
      Ping_Failure : Ada.Exceptions.Exception_Occurrence;
   end Cold;
   task Cold_Agent is
      --  rdv2po: general scheme agent of Cold
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Cold_Agent;

   protected body Cold is

      entry Ping (N : Integer)
        when Closed
          or else (Chosen = Cold_No_Entry
                   and then Ping_Armed
                   and then Ping_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Cold_Agent.Wake_1
              (Position_Of ((Id => Cold_Ping, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Cold_Ping, Index => 0));
         Ping_Woken (N);
         requeue Ping_Queue;
      end Ping;

      entry Ping_Held (N : Integer)
        when Closed or else (Chosen = Cold_No_Entry and then Ping_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Cold_Ping, Index => 0));
         Ping_Woken (N);
         requeue Ping_Queue;
      end Ping_Held;

      entry Select_Arm
        (Order : Cold_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Cold_No_Entry then
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
        (Order : Cold_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Cold_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Ping_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Cold_Alternative) is
      begin
         case Alternative.Id is
            when Cold_Ping =>
               Ping_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Cold_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Cold_Ping =>
               return Cold.Ping'Count + Ping_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Cold_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Ping_Take (N : out Integer) is
      begin
         N := Ping_N;
         Chosen := Cold_No_Entry;
      end Ping_Take;

      procedure Ping_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Cold_Ping;
         Ping_N := N;
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

      entry Ping_Queue (N : in Integer)
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
   end Cold;

   task body Cold_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Cold_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Cold_Closer);
      overriding procedure Finalize (Object : in out Cold_Closer) is
      begin
         Cold.Close;
      end Finalize;
      Closer : Cold_Closer;
      Sum : Integer := 0;
   begin
      Sum := 1;
      loop
         declare
            Alternatives : constant Cold_Alternative_List :=
              (1 => (Cold_Ping, 0));
            Choice : Natural;
         begin
            Cold.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Cold.Ping_Woken (Value_1);
                     requeue Cold.Ping_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Cold.Ping_Held with abort;
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
                     Cold.Ping_Take (N);
                     begin
                        Sum := Sum + N;
                        Put_Line ("cold sum" & Integer'Image (Sum));
                     exception
                        when Occurrence : others =>
                           Cold.Ping_Failed (Occurrence);
                           raise;
                     end;
                     Cold.Ping_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Cold_Agent;
begin
   Warm.Ping (10);
   Cold.Ping (4);
   delay 0.5;
   select
      Warm.Ping (20);
      Put_Line ("warm taken");
   else
      Put_Line ("warm busy");
   end select;
   select
      Cold.Ping (6);
      Put_Line ("cold taken");
   else
      Put_Line ("cold busy");
   end select;
   Put_Line ("PASSED");
end Main;
