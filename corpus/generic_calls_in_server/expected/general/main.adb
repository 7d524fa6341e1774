--  A server whose accept bodies call an instance of a generic package and
--  an instance of a generic function, both with their bodies in the
--  program: nothing there can block, so the accepting scheme translates it.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Bounded_Stacks;
with Scaling;
procedure Main is
   package Stack is new Bounded_Stacks (Size => 8);
   function Triple is new Scaling (Integer, 3);

   type Keeper_Entry is (Keeper_No_Entry, Keeper_Put, Keeper_Get);
   type Keeper_Alternative is record
      Id : Keeper_Entry := Keeper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Keeper_Alternative_List is array (Positive range <>) of Keeper_Alternative;
   --  rdv2po: task Keeper became this protected object; its code runs in the
   --  task Keeper_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Keeper is
      entry Put (X : Integer);
      entry Get (X : out Integer);
      --  rdv2po: the rendezvous protocol, for Keeper_Agent
      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (X : Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry Get_Held (X : out Integer);
      procedure Get_Woken (X : in Integer);
      procedure Get_Take (X : out Integer);
      procedure Get_Accept_End (X : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (X : out Integer);
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
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_X : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Keeper;
   task Keeper_Agent is
      --  rdv2po: general scheme agent of Keeper
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Keeper_Agent;

   protected body Keeper is

      entry Put (X : Integer)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Keeper_Agent.Wake_1
              (Position_Of ((Id => Keeper_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Keeper_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put;

      entry Put_Held (X : Integer)
        when Closed or else (Chosen = Keeper_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put_Held;

      entry Get (X : out Integer)
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
         Get_Woken (X);
         requeue Get_Queue;
      end Get;

      entry Get_Held (X : out Integer)
        when Closed or else (Chosen = Keeper_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Get, Index => 0));
         Get_Woken (X);
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
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Keeper_Alternative) is
      begin
         case Alternative.Id is
            when Keeper_Put =>
               Put_Armed := True;
            when Keeper_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Keeper_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Keeper_Put =>
               return Keeper.Put'Count + Put_Held'Count > 0;
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

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Keeper_No_Entry;
      end Put_Take;

      procedure Put_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Keeper_Put;
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

      procedure Get_Take (X : out Integer) is
      begin
         X := Get_X;
         Chosen := Keeper_No_Entry;
      end Get_Take;

      procedure Get_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Keeper_Get;
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
      Held : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Keeper_Alternative_List :=
              (1 => (Keeper_Put, 0),
               2 => ((if Held > 0 then Keeper_Get else Keeper_No_Entry), 0));
            Choice : Natural;
         begin
            Keeper.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Keeper.Put_Woken (Value_1);
                     requeue Keeper.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Keeper.Get_Woken (Value_1);
                     requeue Keeper.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Keeper.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Keeper.Get_Held with abort;
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
                     Keeper.Put_Take (X);
                     begin
                        Stack.Push (Triple (X));
                        Held := Held + 1;
                     exception
                        when Occurrence : others =>
                           Keeper.Put_Failed (Occurrence);
                           raise;
                     end;
                     Keeper.Put_Accept_End;
                  end;
               when 2 =>
                  declare
                     X : Integer;
                  begin
                     Keeper.Get_Take (X);
                     begin
                        X := Stack.Pop;
                        Held := Held - 1;
                     exception
                        when Occurrence : others =>
                           Keeper.Get_Failed (Occurrence);
                           raise;
                     end;
                     Keeper.Get_Accept_End (X);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Keeper_Agent;

   A, B : Integer;
begin
   Keeper.Put (2);
   Keeper.Put (5);
   Keeper.Get (A);
   Keeper.Get (B);
   Put_Line (Integer'Image (A) & Integer'Image (B));
   if A = 16 and B = 7 then
      Put_Line ("PASSED");
   end if;
end Main;
