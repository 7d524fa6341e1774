--  A tally that several workers add to.  Its accepts have no guards and its
--  only sync point is one select, so each entry is open whenever the task
--  waits there; every call is a plain call statement, made by a worker task,
--  by a subprogram only tasks and the main program call, or by the main
--  program.  No caller can tell an entry open at once from a protected
--  procedure, so the translation declares procedures.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Tally_Entry is (Tally_No_Entry, Tally_Add, Tally_Count, Tally_Reset);
   type Tally_Alternative is record
      Id : Tally_Entry := Tally_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Tally_Alternative_List is array (Positive range <>) of Tally_Alternative;
   --  rdv2po: task Tally became this protected object; its code runs in the
   --  task Tally_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Tally is
      entry Add (X : Natural);
      entry Count (N : out Natural; Total : out Natural);
      entry Reset;
      --  rdv2po: the rendezvous protocol, for Tally_Agent
      entry Select_Arm
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (X : Natural);
      procedure Add_Woken (X : in Natural);
      procedure Add_Take (X : out Natural);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (X : in Natural);
      entry Count_Held (N : out Natural; Total : out Natural);
      procedure Count_Woken (N : in Natural; Total : in Natural);
      procedure Count_Take (N : out Natural; Total : out Natural);
      procedure Count_Accept_End (N : in Natural; Total : in Natural);
      procedure Count_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Count_Queue (N : out Natural; Total : out Natural);
      entry Reset_Held;
      procedure Reset_Woken;
      procedure Reset_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Tally_Alternative);
      function Queued (Alternative : Tally_Alternative) return Boolean;
      function Position_Of (Alternative : Tally_Alternative) return Natural;
      Armed_List : Tally_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Tally_Entry := Tally_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_X : Natural;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Count_Armed : Boolean := False;
      Count_N : Natural;
      Count_Total : Natural;
      Count_Done : Boolean := False;
      Count_Raised : Boolean := False;
      Count_Failure : Ada.Exceptions.Exception_Occurrence;
      Reset_Armed : Boolean := False;
   end Tally;
   task Tally_Agent is
      --  rdv2po: general scheme agent of Tally
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Natural);
      entry Wake_2 (Positive range 1 .. 3)
        (Value_1 : out Natural; Value_2 : out Natural);
      entry Wake_3 (Positive range 1 .. 3);
   end Tally_Agent;

   protected body Tally is

      entry Add (X : Natural)
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

      entry Add_Held (X : Natural)
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

      entry Count (N : out Natural; Total : out Natural)
        when Closed
          or else (Chosen = Tally_No_Entry
                   and then Count_Armed
                   and then Count_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Tally_Agent.Wake_2
              (Position_Of ((Id => Tally_Count, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Count, Index => 0));
         Count_Woken (N, Total);
         requeue Count_Queue;
      end Count;

      entry Count_Held (N : out Natural; Total : out Natural)
        when Closed or else (Chosen = Tally_No_Entry and then Count_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Count, Index => 0));
         Count_Woken (N, Total);
         requeue Count_Queue;
      end Count_Held;

      entry Reset
        when Closed
          or else (Chosen = Tally_No_Entry
                   and then Reset_Armed
                   and then Reset_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Tally_Agent.Wake_3
              (Position_Of ((Id => Tally_Reset, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Reset, Index => 0));
         Reset_Woken;
      end Reset;

      entry Reset_Held
        when Closed or else (Chosen = Tally_No_Entry and then Reset_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Reset, Index => 0));
         Reset_Woken;
      end Reset_Held;

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
         Count_Armed := False;
         Reset_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Tally_Alternative) is
      begin
         case Alternative.Id is
            when Tally_Add =>
               Add_Armed := True;
            when Tally_Count =>
               Count_Armed := True;
            when Tally_Reset =>
               Reset_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Tally_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Tally_Add =>
               return Tally.Add'Count + Add_Held'Count > 0;
            when Tally_Count =>
               return Tally.Count'Count + Count_Held'Count > 0;
            when Tally_Reset =>
               return Tally.Reset'Count + Reset_Held'Count > 0;
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

      procedure Add_Take (X : out Natural) is
      begin
         X := Add_X;
         Chosen := Tally_No_Entry;
      end Add_Take;

      procedure Add_Woken (X : in Natural) is
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

      entry Add_Queue (X : in Natural)
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

      procedure Count_Take (N : out Natural; Total : out Natural) is
      begin
         N := Count_N;
         Total := Count_Total;
         Chosen := Tally_No_Entry;
      end Count_Take;

      procedure Count_Woken (N : in Natural; Total : in Natural) is
      begin
         Disarm;
         Chosen := Tally_Count;
         Count_N := N;
         Count_Total := Total;
         Count_Done := False;
      end Count_Woken;

      procedure Count_Accept_End (N : in Natural; Total : in Natural) is
      begin
         Count_N := N;
         Count_Total := Total;
         Count_Done := True;
      end Count_Accept_End;

      procedure Count_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Count_Failure, Occurrence);
         Count_Raised := True;
         Count_Done := True;
      end Count_Failed;

      entry Count_Queue (N : out Natural; Total : out Natural)
        when Count_Done or else Closed is
      begin
         if not Count_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Count_Done := False;
         if Count_Raised then
            Count_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Count_Failure);
         end if;
         N := Count_N;
         Total := Count_Total;
      end Count_Queue;

      procedure Reset_Take is
      begin
         Chosen := Tally_No_Entry;
      end Reset_Take;

      procedure Reset_Woken is
      begin
         Disarm;
         Chosen := Tally_Reset;
      end Reset_Woken;

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
      Calls : Natural := 0;
      Sum   : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Tally_Alternative_List :=
              (1 => (Tally_Add, 0),
               2 => (Tally_Count, 0),
               3 => (Tally_Reset, 0));
            Choice : Natural;
         begin
            Tally.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Natural) do
                     Tally.Add_Woken (Value_1);
                     requeue Tally.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Natural; Value_2 : out Natural) do
                     Tally.Count_Woken (Value_1, Value_2);
                     requeue Tally.Count_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) do
                     Tally.Reset_Woken;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Natural) do
                        requeue Tally.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Natural; Value_2 : out Natural) do
                        requeue Tally.Count_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) do
                        requeue Tally.Reset_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Natural;
                  begin
                     Tally.Add_Take (X);
                     begin
                        Sum := Sum + X;
                     exception
                        when Occurrence : others =>
                           Tally.Add_Failed (Occurrence);
                           raise;
                     end;
                     Tally.Add_Accept_End;
                  end;
                  Calls := Calls + 1;
               when 2 =>
                  declare
                     N : Natural;
                     Total : Natural;
                  begin
                     Tally.Count_Take (N, Total);
                     begin
                        N := Calls;
                        Total := Sum;
                     exception
                        when Occurrence : others =>
                           Tally.Count_Failed (Occurrence);
                           raise;
                     end;
                     Tally.Count_Accept_End (N, Total);
                  end;
               when 3 =>
                  Tally.Reset_Take;
                  Calls := 0;
                  Sum := 0;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Tally_Agent;

   procedure Add_Twice (X : Natural) is
   begin
      Tally.Add (X);
      Tally.Add (X);
   end Add_Twice;

   task type Worker (Id : Natural);
   task body Worker is
   begin
      for I in 1 .. 50 loop
         Add_Twice (Id);
      end loop;
      Tally.Add (1000);
   end Worker;

   N, Total : Natural;
begin
   Tally.Add (5);
   Tally.Count (N, Total);
   Put_Line ("calls" & N'Image & ", total" & Total'Image);
   Tally.Reset;
   declare
      A : Worker (1);
      B : Worker (2);
      C : Worker (3);
   begin
      null;
   end;
   Add_Twice (7);
   Tally.Count (N, Total);
   Put_Line ("calls" & N'Image & ", total" & Total'Image);
   if N = 3 * 101 + 2 and then Total = 100 * 6 + 3000 + 14 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
