--  Renamings and use clauses that cannot leave the task body.  Ring renames
--  one of its own variables (a component of the object: nothing outside it can
--  name it); Tally uses a package declared after the task's declaration (it
--  would not be visible where the object is declared).  Both are refused.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Slots is array (1 .. 4) of Integer;

   type Ring_Entry is (Ring_No_Entry, Ring_Put, Ring_First);
   type Ring_Alternative is record
      Id : Ring_Entry := Ring_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Ring_Alternative_List is array (Positive range <>) of Ring_Alternative;
   --  rdv2po: task Ring became this protected object; its code runs in the
   --  task Ring_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Ring is
      entry Put (X : Integer);
      entry First (X : out Integer);
      --  rdv2po: the rendezvous protocol, for Ring_Agent
      entry Select_Arm
        (Order : Ring_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (X : Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry First_Held (X : out Integer);
      procedure First_Woken (X : in Integer);
      procedure First_Take (X : out Integer);
      procedure First_Accept_End (X : in Integer);
      procedure First_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry First_Queue (X : out Integer);
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
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      First_Armed : Boolean := False;
      First_X : Integer;
      First_Done : Boolean := False;
      First_Raised : Boolean := False;
      First_Failure : Ada.Exceptions.Exception_Occurrence;
   end Ring;
   task Ring_Agent is
      --  rdv2po: general scheme agent of Ring
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Ring_Agent;

   type Tally_Entry is (Tally_No_Entry, Tally_Add, Tally_Get);
   type Tally_Alternative is record
      Id : Tally_Entry := Tally_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Tally_Alternative_List is array (Positive range <>) of Tally_Alternative;
   --  rdv2po: task Tally became this protected object; its code runs in the
   --  task Tally_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Tally is
      entry Add (X : Integer);
      entry Get (X : out Integer);
      --  rdv2po: the rendezvous protocol, for Tally_Agent
      entry Select_Arm
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (X : Integer);
      procedure Add_Woken (X : in Integer);
      procedure Add_Take (X : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (X : in Integer);
      entry Get_Held (X : out Integer);
      procedure Get_Woken (X : in Integer);
      procedure Get_Take (X : out Integer);
      procedure Get_Accept_End (X : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (X : out Integer);
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
      Add_X : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_X : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Tally;
   task Tally_Agent is
      --  rdv2po: general scheme agent of Tally
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Tally_Agent;

   package Helpers is
      function Twice (X : Integer) return Integer is (2 * X);
   end Helpers;

   protected body Ring is

      entry Put (X : Integer)
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
         Put_Woken (X);
         requeue Put_Queue;
      end Put;

      entry Put_Held (X : Integer)
        when Closed or else (Chosen = Ring_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ring_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put_Held;

      entry First (X : out Integer)
        when Closed
          or else (Chosen = Ring_No_Entry
                   and then First_Armed
                   and then First_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Ring_Agent.Wake_2
              (Position_Of ((Id => Ring_First, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ring_First, Index => 0));
         First_Woken (X);
         requeue First_Queue;
      end First;

      entry First_Held (X : out Integer)
        when Closed or else (Chosen = Ring_No_Entry and then First_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ring_First, Index => 0));
         First_Woken (X);
         requeue First_Queue;
      end First_Held;

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
         First_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Ring_Alternative) is
      begin
         case Alternative.Id is
            when Ring_Put =>
               Put_Armed := True;
            when Ring_First =>
               First_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Ring_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Ring_Put =>
               return Ring.Put'Count + Put_Held'Count > 0;
            when Ring_First =>
               return Ring.First'Count + First_Held'Count > 0;
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

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Ring_No_Entry;
      end Put_Take;

      procedure Put_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Ring_Put;
         Put_X := X;
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

      entry Put_Queue (X : in Integer)
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

      procedure First_Take (X : out Integer) is
      begin
         X := First_X;
         Chosen := Ring_No_Entry;
      end First_Take;

      procedure First_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Ring_First;
         First_X := X;
         First_Done := False;
      end First_Woken;

      procedure First_Accept_End (X : in Integer) is
      begin
         First_X := X;
         First_Done := True;
      end First_Accept_End;

      procedure First_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (First_Failure, Occurrence);
         First_Raised := True;
         First_Done := True;
      end First_Failed;

      entry First_Queue (X : out Integer)
        when First_Done or else Closed is
      begin
         if not First_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         First_Done := False;
         if First_Raised then
            First_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (First_Failure);
         end if;
         X := First_X;
      end First_Queue;

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
      Buf : Slots := (others => 0);
      Head : Integer renames Buf (1);
      Next : Positive := 1;
   begin
      loop
         declare
            Alternatives : constant Ring_Alternative_List :=
              (1 => (Ring_Put, 0),
               2 => (Ring_First, 0));
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
                     Ring.First_Woken (Value_1);
                     requeue Ring.First_Queue;
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
                        requeue Ring.First_Held with abort;
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
                     Ring.Put_Take (X);
                     begin
                        Buf (Next) := X;
                        Next := Next mod 4 + 1;
                     exception
                        when Occurrence : others =>
                           Ring.Put_Failed (Occurrence);
                           raise;
                     end;
                     Ring.Put_Accept_End;
                  end;
               when 2 =>
                  declare
                     X : Integer;
                  begin
                     Ring.First_Take (X);
                     begin
                        X := Head;
                     exception
                        when Occurrence : others =>
                           Ring.First_Failed (Occurrence);
                           raise;
                     end;
                     Ring.First_Accept_End (X);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Ring_Agent;

   protected body Tally is

      entry Add (X : Integer)
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
            requeue Tally_Agent.Wake_1
              (Position_Of ((Id => Tally_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add;

      entry Add_Held (X : Integer)
        when Closed or else (Chosen = Tally_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add_Held;

      entry Get (X : out Integer)
        when Closed
          or else (Chosen = Tally_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Tally_Agent.Wake_2
              (Position_Of ((Id => Tally_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Get, Index => 0));
         Get_Woken (X);
         requeue Get_Queue;
      end Get;

      entry Get_Held (X : out Integer)
        when Closed or else (Chosen = Tally_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Get, Index => 0));
         Get_Woken (X);
         requeue Get_Queue;
      end Get_Held;

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
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Tally_Alternative) is
      begin
         case Alternative.Id is
            when Tally_Add =>
               Add_Armed := True;
            when Tally_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Tally_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Tally_Add =>
               return Tally.Add'Count + Add_Held'Count > 0;
            when Tally_Get =>
               return Tally.Get'Count + Get_Held'Count > 0;
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

      procedure Add_Take (X : out Integer) is
      begin
         X := Add_X;
         Chosen := Tally_No_Entry;
      end Add_Take;

      procedure Add_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Tally_Add;
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

      procedure Get_Take (X : out Integer) is
      begin
         X := Get_X;
         Chosen := Tally_No_Entry;
      end Get_Take;

      procedure Get_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Tally_Get;
         Get_X := X;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (X : in Integer) is
      begin
         Get_X := X;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (X : out Integer)
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
         X := Get_X;
      end Get_Queue;

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
      use Helpers;
      Sum : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Tally_Alternative_List :=
              (1 => (Tally_Add, 0),
               2 => (Tally_Get, 0));
            Choice : Natural;
         begin
            Tally.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Tally.Add_Woken (Value_1);
                     requeue Tally.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Tally.Get_Woken (Value_1);
                     requeue Tally.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Tally.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Tally.Get_Held with abort;
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
                     Tally.Add_Take (X);
                     begin
                        Sum := Sum + Twice (X);
                     exception
                        when Occurrence : others =>
                           Tally.Add_Failed (Occurrence);
                           raise;
                     end;
                     Tally.Add_Accept_End;
                  end;
               when 2 =>
                  declare
                     X : Integer;
                  begin
                     Tally.Get_Take (X);
                     begin
                        X := Sum;
                     exception
                        when Occurrence : others =>
                           Tally.Get_Failed (Occurrence);
                           raise;
                     end;
                     Tally.Get_Accept_End (X);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Tally_Agent;

   A, B : Integer;
begin
   Ring.Put (7);
   Ring.Put (8);
   Ring.First (A);
   Tally.Add (5);
   Tally.Get (B);
   Put_Line ("first" & A'Image & ", tally" & B'Image);
   Put_Line ("PASSED");
end Main;
