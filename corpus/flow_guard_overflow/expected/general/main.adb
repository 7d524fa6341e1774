--  A guard that adds to a variable: Level + Step overflows when Level is
--  near Integer'Last.  The task raises Constraint_Error at its select and
--  ends, so the next call gets Tasking_Error; a barrier that raised would
--  give Program_Error to Raise_Level's callers only.  The server scheme must
--  refuse it (arithmetic on a variable is not static).
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Max : constant := 1_000;
   type Gauge_Entry is (Gauge_No_Entry, Gauge_Set, Gauge_Raise_Level);
   type Gauge_Alternative is record
      Id : Gauge_Entry := Gauge_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Gauge_Alternative_List is array (Positive range <>) of Gauge_Alternative;
   --  rdv2po: task Gauge became this protected object; its code runs in the
   --  task Gauge_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Gauge is
      entry Set (L : Integer);
      entry Raise_Level;
      --  rdv2po: the rendezvous protocol, for Gauge_Agent
      entry Select_Arm
        (Order : Gauge_Alternative_List;
         Chosen_Position : out Natural);
      entry Set_Held (L : Integer);
      procedure Set_Woken (L : in Integer);
      procedure Set_Take (L : out Integer);
      procedure Set_Accept_End;
      procedure Set_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Set_Queue (L : in Integer);
      entry Raise_Level_Held;
      procedure Raise_Level_Woken;
      procedure Raise_Level_Take;
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
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Set_Armed : Boolean := False;
      Set_L : Integer;
      Set_Done : Boolean := False;
      Set_Raised : Boolean := False;
      Set_Failure : Ada.Exceptions.Exception_Occurrence;
      Raise_Level_Armed : Boolean := False;
   end Gauge;
   task Gauge_Agent is
      --  rdv2po: general scheme agent of Gauge
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2);
   end Gauge_Agent;
   protected body Gauge is

      entry Set (L : Integer)
        when Closed
          or else (Chosen = Gauge_No_Entry
                   and then Set_Armed
                   and then Set_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Gauge_Agent.Wake_1
              (Position_Of ((Id => Gauge_Set, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Gauge_Set, Index => 0));
         Set_Woken (L);
         requeue Set_Queue;
      end Set;

      entry Set_Held (L : Integer)
        when Closed or else (Chosen = Gauge_No_Entry and then Set_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gauge_Set, Index => 0));
         Set_Woken (L);
         requeue Set_Queue;
      end Set_Held;

      entry Raise_Level
        when Closed
          or else (Chosen = Gauge_No_Entry
                   and then Raise_Level_Armed
                   and then Raise_Level_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Gauge_Agent.Wake_2
              (Position_Of ((Id => Gauge_Raise_Level, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Gauge_Raise_Level, Index => 0));
         Raise_Level_Woken;
      end Raise_Level;

      entry Raise_Level_Held
        when Closed
          or else (Chosen = Gauge_No_Entry and then Raise_Level_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Gauge_Raise_Level, Index => 0));
         Raise_Level_Woken;
      end Raise_Level_Held;

      entry Select_Arm
        (Order : Gauge_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Gauge_No_Entry then
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
        (Order : Gauge_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Gauge_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Set_Armed := False;
         Raise_Level_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Gauge_Alternative) is
      begin
         case Alternative.Id is
            when Gauge_Set =>
               Set_Armed := True;
            when Gauge_Raise_Level =>
               Raise_Level_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Gauge_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Gauge_Set =>
               return Gauge.Set'Count + Set_Held'Count > 0;
            when Gauge_Raise_Level =>
               return Gauge.Raise_Level'Count + Raise_Level_Held'Count > 0;
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

      procedure Set_Take (L : out Integer) is
      begin
         L := Set_L;
         Chosen := Gauge_No_Entry;
      end Set_Take;

      procedure Set_Woken (L : in Integer) is
      begin
         Disarm;
         Chosen := Gauge_Set;
         Set_L := L;
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

      entry Set_Queue (L : in Integer)
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

      procedure Raise_Level_Take is
      begin
         Chosen := Gauge_No_Entry;
      end Raise_Level_Take;

      procedure Raise_Level_Woken is
      begin
         Disarm;
         Chosen := Gauge_Raise_Level;
      end Raise_Level_Woken;

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
         Gauge.Close;
      end Finalize;
      Closer : Gauge_Closer;
      Level : Integer := 0;
      Step : Integer := 10;
   begin
      loop
         declare
            Alternatives : constant Gauge_Alternative_List :=
              (1 => (Gauge_Set, 0),
               2 => ((if Level + Step <= Max then Gauge_Raise_Level else Gauge_No_Entry), 0));
            Choice : Natural;
         begin
            Gauge.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Gauge.Set_Woken (Value_1);
                     requeue Gauge.Set_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) do
                     Gauge.Raise_Level_Woken;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Gauge.Set_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) do
                        requeue Gauge.Raise_Level_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     L : Integer;
                  begin
                     Gauge.Set_Take (L);
                     begin
                        Level := L;
                     exception
                        when Occurrence : others =>
                           Gauge.Set_Failed (Occurrence);
                           raise;
                     end;
                     Gauge.Set_Accept_End;
                  end;
               when 2 =>
                  Gauge.Raise_Level_Take;
                  Level := Level + Step;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Gauge_Agent;
begin
   Gauge.Set (5);
   Gauge.Raise_Level;
   Put_Line ("raised once");
   Gauge.Set (Integer'Last - 1);
   begin
      Gauge.Set (0);
      Put_Line ("set again");
   exception
      when Tasking_Error => Put_Line ("Set: Tasking_Error (the guard overflowed)");
   end;
   Put_Line ("PASSED");
end Main;
