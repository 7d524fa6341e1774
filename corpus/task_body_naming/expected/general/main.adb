--  A task body that names what it uses through use clauses, renamings and a
--  pragma: Keeper writes 'use Ada.Strings.Unbounded', 'use type Stats.Count',
--  renames a package, a constant and a procedure declared before it, marks a
--  variable unreferenced and asserts in an accept body.  The use clauses and
--  renamings move out before the object (the renamings under fresh names, as
--  types do), the pragma Unreferenced goes, and the object behaves the same.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Strings.Unbounded;
procedure Main is
   package Stats is
      type Count is range 0 .. 1000;
      Limit : constant Count := 3;
      procedure Bump (C : in out Count);
   end Stats;

   package body Stats is
      procedure Bump (C : in out Count) is
      begin
         C := C + 1;
      end Bump;
   end Stats;

   type Keeper_Entry is (Keeper_No_Entry, Keeper_Add, Keeper_Get);
   type Keeper_Add_S_Access is access String;
   procedure Free_Add_S is new Ada.Unchecked_Deallocation
     (String,
      Keeper_Add_S_Access);
   type Keeper_Alternative is record
      Id : Keeper_Entry := Keeper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Keeper_Alternative_List is array (Positive range <>) of Keeper_Alternative;
   --  rdv2po: task Keeper became this protected object; its code runs in the
   --  task Keeper_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Keeper is
      entry Add (S : String);
      entry Get (N : out Natural; Last : out Ada.Strings.Unbounded.Unbounded_String);
      --  rdv2po: the rendezvous protocol, for Keeper_Agent
      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (S : String);
      procedure Add_Woken (S : in String);
      procedure Add_Take;
      function Add_S_Value return String;
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (S : in String);
      entry Get_Held
        (N : out Natural;
         Last : out Ada.Strings.Unbounded.Unbounded_String);
      procedure Get_Woken
        (N : in Natural;
         Last : in Ada.Strings.Unbounded.Unbounded_String);
      procedure Get_Take
        (N : out Natural;
         Last : out Ada.Strings.Unbounded.Unbounded_String);
      procedure Get_Accept_End
        (N : in Natural;
         Last : in Ada.Strings.Unbounded.Unbounded_String);
      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Last : in Ada.Strings.Unbounded.Unbounded_String);
      entry Get_Queue
        (N : out Natural;
         Last : out Ada.Strings.Unbounded.Unbounded_String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Keeper_Alternative);
      function Queued (Alternative : Keeper_Alternative) return Boolean;
      function Position_Of (Alternative : Keeper_Alternative) return Natural;
      Armed_List : Keeper_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Keeper_Entry := Keeper_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_S : Keeper_Add_S_Access;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_N : Natural;
      Get_Last : Ada.Strings.Unbounded.Unbounded_String;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Keeper;
   task Keeper_Agent is
      --  rdv2po: general scheme agent of Keeper
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in String);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Natural;
         Value_2 : out Ada.Strings.Unbounded.Unbounded_String);
   end Keeper_Agent;

   protected body Keeper is

      entry Add (S : String)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_1
              (Position_Of ((Id => Keeper_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Add, Index => 0));
         Add_Woken (S);
         requeue Add_Queue;
      end Add;

      entry Add_Held (S : String)
        when Closed or else (Chosen = Keeper_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Add, Index => 0));
         Add_Woken (S);
         requeue Add_Queue;
      end Add_Held;

      entry Get
        (N : out Natural;
         Last : out Ada.Strings.Unbounded.Unbounded_String)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_2
              (Position_Of ((Id => Keeper_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Get, Index => 0));
         Get_Woken (N, Last);
         requeue Get_Queue;
      end Get;

      entry Get_Held
        (N : out Natural;
         Last : out Ada.Strings.Unbounded.Unbounded_String)
        when Closed or else (Chosen = Keeper_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Get, Index => 0));
         Get_Woken (N, Last);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Keeper_No_Entry then
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
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Keeper_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Keeper_Alternative) is
      begin
         case Alternative.Id is
            when Keeper_Add =>
               Add_Armed := True;
            when Keeper_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Keeper_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Keeper_Add =>
               return Keeper.Add'Count + Add_Held'Count > 0;
            when Keeper_Get =>
               return Keeper.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Keeper_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take is
      begin
         Chosen := Keeper_No_Entry;
      end Add_Take;

      procedure Add_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Keeper_Add;
         Add_S := new String'(S);
         Add_Done := False;
      end Add_Woken;

      function Add_S_Value return String is
      begin
         return Add_S.all;
      end Add_S_Value;

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

      entry Add_Queue (S : in String)
        when Add_Done or else Closed is
      begin
         if not Add_Done then
            Free_Add_S (Add_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Add_Done := False;
         if Add_Raised then
            Add_Raised := False;
            Free_Add_S (Add_S);
            Ada.Exceptions.Reraise_Occurrence (Add_Failure);
         end if;
         Free_Add_S (Add_S);
      end Add_Queue;

      procedure Get_Take
        (N : out Natural;
         Last : out Ada.Strings.Unbounded.Unbounded_String) is
      begin
         N := Get_N;
         Last := Get_Last;
         Chosen := Keeper_No_Entry;
      end Get_Take;

      procedure Get_Woken
        (N : in Natural;
         Last : in Ada.Strings.Unbounded.Unbounded_String) is
      begin
         Disarm;
         Chosen := Keeper_Get;
         Get_N := N;
         Get_Last := Last;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End
        (N : in Natural;
         Last : in Ada.Strings.Unbounded.Unbounded_String) is
      begin
         Get_N := N;
         Get_Last := Last;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Last : in Ada.Strings.Unbounded.Unbounded_String) is
      begin
         Get_Last := Last;
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue
        (N : out Natural;
         Last : out Ada.Strings.Unbounded.Unbounded_String)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            Last := Get_Last;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         N := Get_N;
         Last := Get_Last;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Keeper;

   task body Keeper_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Keeper_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Keeper_Closer);
      overriding procedure Finalize (Object : in out Keeper_Closer) is
      begin
         Keeper.Close;
      end Finalize;
      Closer : Keeper_Closer;
      use Ada.Strings.Unbounded;
      use type Stats.Count;
      package SU renames Ada.Strings.Unbounded;
      Max : Stats.Count renames Stats.Limit;
      procedure Step (C : in out Stats.Count) renames Stats.Bump;
      Total : Stats.Count := 0;
      Latest : Unbounded_String;
      Spare : Integer := 0;
      pragma Unreferenced (Spare);
   begin
      loop
         declare
            Alternatives : constant Keeper_Alternative_List :=
              (1 => (Keeper_Add, 0),
               2 => (Keeper_Get, 0));
            Choice : Natural;
         begin
            Keeper.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Keeper.Add_Woken (Value_1);
                     requeue Keeper.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    
                      (Value_1 : out Natural;
                       Value_2 : out Ada.Strings.Unbounded.Unbounded_String) do
                     Keeper.Get_Woken (Value_1, Value_2);
                     requeue Keeper.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Keeper.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       
                         (Value_1 : out Natural;
                          Value_2 : out Ada.Strings.Unbounded.Unbounded_String) do
                        requeue Keeper.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Keeper.Add_Take;
                     declare
                        S : constant String := Keeper.Add_S_Value;
                     begin
                        begin
                           pragma Assert (S'Length > 0);
                           if Total < Max then
                              Step (Total);
                           end if;
                           Latest := SU.To_Unbounded_String (S) & "!";
                        exception
                           when Occurrence : others =>
                              Keeper.Add_Failed (Occurrence);
                              raise;
                        end;
                        Keeper.Add_Accept_End;
                     end;
                  end;
               when 2 =>
                  declare
                     N : Natural;
                     Last : Unbounded_String;
                  begin
                     Keeper.Get_Take (N, Last);
                     begin
                        N := Natural (Total);
                        Last := Latest;
                     exception
                        when Occurrence : others =>
                           Keeper.Get_Failed (Occurrence, Last);
                           raise;
                     end;
                     Keeper.Get_Accept_End (N, Last);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Keeper_Agent;

   N : Natural;
   L : Ada.Strings.Unbounded.Unbounded_String;
begin
   for Word of String'("abcde") loop
      Keeper.Add ((1 => Word));
   end loop;
   Keeper.Get (N, L);
   Put_Line ("kept" & N'Image & ", last " & Ada.Strings.Unbounded.To_String (L));
   Put_Line ("PASSED");
end Main;
