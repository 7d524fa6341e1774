--  The guard Total / Count > 5 raises Constraint_Error (Count = 0) when
--  Averager first reaches its select: the task ends there, and the call of
--  Add gets Tasking_Error.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Averager_Entry is
     (Averager_No_Entry,
      Averager_Add,
      Averager_High_Average);
   type Averager_Alternative is record
      Id : Averager_Entry := Averager_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Averager_Alternative_List is array (Positive range <>) of Averager_Alternative;
   --  rdv2po: task Averager became this protected object; its code runs in the
   --  task Averager_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Averager is
      entry Add (X : in Integer);
      entry High_Average;
      --  rdv2po: the rendezvous protocol, for Averager_Agent
      entry Select_Arm
        (Order : Averager_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (X : in Integer);
      procedure Add_Woken (X : in Integer);
      procedure Add_Take (X : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (X : in Integer);
      entry High_Average_Held;
      procedure High_Average_Woken;
      procedure High_Average_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Averager_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Averager_Alternative);
      function Queued (Alternative : Averager_Alternative) return Boolean;
      function Position_Of (Alternative : Averager_Alternative) return Natural;
      Armed_List : Averager_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Averager_Entry := Averager_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_X : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      High_Average_Armed : Boolean := False;
   end Averager;
   task Averager_Agent is
      --  rdv2po: general scheme agent of Averager
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2);
   end Averager_Agent;
   protected body Averager is

      entry Add (X : in Integer)
        when Closed
          or else (Chosen = Averager_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Averager_Agent.Wake_1
              (Position_Of ((Id => Averager_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Averager_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add;

      entry Add_Held (X : in Integer)
        when Closed or else (Chosen = Averager_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Averager_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add_Held;

      entry High_Average
        when Closed
          or else (Chosen = Averager_No_Entry
                   and then High_Average_Armed
                   and then High_Average_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Averager_Agent.Wake_2
              (Position_Of ((Id => Averager_High_Average, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Averager_High_Average, Index => 0));
         High_Average_Woken;
      end High_Average;

      entry High_Average_Held
        when Closed
          or else (Chosen = Averager_No_Entry and then High_Average_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Averager_High_Average, Index => 0));
         High_Average_Woken;
      end High_Average_Held;

      entry Select_Arm
        (Order : Averager_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Averager_No_Entry then
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
        (Order : Averager_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Averager_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         High_Average_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Averager_Alternative) is
      begin
         case Alternative.Id is
            when Averager_Add =>
               Add_Armed := True;
            when Averager_High_Average =>
               High_Average_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Averager_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Averager_Add =>
               return Averager.Add'Count + Add_Held'Count > 0;
            when Averager_High_Average =>
               return Averager.High_Average'Count
                 + High_Average_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Averager_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (X : out Integer) is
      begin
         X := Add_X;
         Chosen := Averager_No_Entry;
      end Add_Take;

      procedure Add_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Averager_Add;
         Add_X := X;
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

      entry Add_Queue (X : in Integer)
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

      procedure High_Average_Take is
      begin
         Chosen := Averager_No_Entry;
      end High_Average_Take;

      procedure High_Average_Woken is
      begin
         Disarm;
         Chosen := Averager_High_Average;
      end High_Average_Woken;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Averager;

   task body Averager_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Averager_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Averager_Closer);
      overriding procedure Finalize (Object : in out Averager_Closer) is
      begin
         Averager.Close;
      end Finalize;
      Closer : Averager_Closer;
      Total : Integer := 0;
      Count : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Averager_Alternative_List :=
              (1 => (Averager_Add, 0),
               2 => ((if Total / Count > 5 then Averager_High_Average else Averager_No_Entry), 0));
            Choice : Natural;
         begin
            Averager.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Averager.Add_Woken (Value_1);
                     requeue Averager.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) do
                     Averager.High_Average_Woken;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Averager.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) do
                        requeue Averager.High_Average_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Averager.Add_Take (X);
                     begin
                        Total := Total + X;
                     exception
                        when Occurrence : others =>
                           Averager.Add_Failed (Occurrence);
                           raise;
                     end;
                     Averager.Add_Accept_End;
                  end;
                  Count := Count + 1;
               when 2 =>
                  Averager.High_Average_Take;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Averager_Agent;
begin
   delay 0.05;
   begin
      Averager.Add (10);
      Put_Line ("Add succeeded");
   exception
      when Tasking_Error => Put_Line ("Add: Tasking_Error");
      when Program_Error => Put_Line ("Add: Program_Error");
      when Constraint_Error => Put_Line ("Add: Constraint_Error");
   end;
   Put_Line ("PASSED");
end Main;
