--  A register whose entries clients call, declared before declarations that
--  start no task: allocators of Integer and of an array of Integer, a package
--  body holding only subprograms, a generic's body (elaborating it runs
--  nothing), an instance of that generic and a call of a function that starts
--  no task.  Nothing can call the register before it is activated, so the
--  accepting-server scheme translates it.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Int_Ref is access Integer;
   type Table is array (Positive range <>) of Integer;
   type Table_Ref is access Table;

   package Counters is
      function Next return Integer;
   end Counters;

   generic
      Start : Integer;
   package Offsets is
      function Base return Integer;
   end Offsets;

   type Register;
   type Register_Entry is (Register_No_Entry, Register_Add, Register_Get);
   type Register_Alternative is record
      Id : Register_Entry := Register_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Register_Alternative_List is array (Positive range <>) of Register_Alternative;
   task type Register_Agent (Self : not null access Register) is
      --  rdv2po: general scheme agent of Register
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Integer; Value_2 : out Natural);
   end Register_Agent;
   --  rdv2po: task type Register became this protected type; its code runs in
   --  Register_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Register is
      entry Add (X : Integer);
      entry Get (Total : out Integer; Calls : out Natural);
      --  rdv2po: the rendezvous protocol, for Register_Agent
      entry Select_Arm
        (Order : Register_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (X : Integer);
      procedure Add_Woken (X : in Integer);
      procedure Add_Take (X : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (X : in Integer);
      entry Get_Held (Total : out Integer; Calls : out Natural);
      procedure Get_Woken (Total : in Integer; Calls : in Natural);
      procedure Get_Take (Total : out Integer; Calls : out Natural);
      procedure Get_Accept_End (Total : in Integer; Calls : in Natural);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Total : out Integer; Calls : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Register_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Register_Alternative);
      function Queued (Alternative : Register_Alternative) return Boolean;
      function Position_Of (Alternative : Register_Alternative) return Natural;
      Armed_List : Register_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Register_Entry := Register_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_X : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Total : Integer;
      Get_Calls : Natural;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Register_Agent (Self => Register'Unchecked_Access);
   end Register;

   task type Client (Amount : Integer);
   type Client_Ref is access Client;

   R : Register;

   First : constant Int_Ref := new Integer'(10);
   Row : constant Table_Ref := new Table'(1 .. 3 => 5);

   package body Counters is
      Count : Integer := 0;
      function Next return Integer is
      begin
         Count := Count + 1;
         return Count;
      end Next;
   end Counters;

   package body Offsets is
      function Base return Integer is (Start * 100);
   end Offsets;

   package Hundreds is new Offsets (Start => 2);

   Seed : constant Integer := Counters.Next + Hundreds.Base;

   protected body Register is

      entry Add (X : Integer)
        when Closed
          or else (Chosen = Register_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Register_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Register_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add;

      entry Add_Held (X : Integer)
        when Closed or else (Chosen = Register_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Register_Add, Index => 0));
         Add_Woken (X);
         requeue Add_Queue;
      end Add_Held;

      entry Get (Total : out Integer; Calls : out Natural)
        when Closed
          or else (Chosen = Register_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Register_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Register_Get, Index => 0));
         Get_Woken (Total, Calls);
         requeue Get_Queue;
      end Get;

      entry Get_Held (Total : out Integer; Calls : out Natural)
        when Closed or else (Chosen = Register_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Register_Get, Index => 0));
         Get_Woken (Total, Calls);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Register_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Register_No_Entry then
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
        (Order : Register_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Register_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Register_Alternative) is
      begin
         case Alternative.Id is
            when Register_Add =>
               Add_Armed := True;
            when Register_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Register_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Register_Add =>
               return Register.Add'Count + Add_Held'Count > 0;
            when Register_Get =>
               return Register.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Register_Alternative) return Natural is
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
         Chosen := Register_No_Entry;
      end Add_Take;

      procedure Add_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Register_Add;
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

      procedure Get_Take (Total : out Integer; Calls : out Natural) is
      begin
         Total := Get_Total;
         Calls := Get_Calls;
         Chosen := Register_No_Entry;
      end Get_Take;

      procedure Get_Woken (Total : in Integer; Calls : in Natural) is
      begin
         Disarm;
         Chosen := Register_Get;
         Get_Total := Total;
         Get_Calls := Calls;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (Total : in Integer; Calls : in Natural) is
      begin
         Get_Total := Total;
         Get_Calls := Calls;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Total : out Integer; Calls : out Natural)
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
         Total := Get_Total;
         Calls := Get_Calls;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Register;

   task body Register_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Register_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Register_Closer);
      overriding procedure Finalize (Object : in out Register_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Register_Closer;
      Sum : Integer := 0;
      N : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Register_Alternative_List :=
              (1 => (Register_Add, 0),
               2 => (Register_Get, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Self.Add_Woken (Value_1);
                     requeue Self.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Integer; Value_2 : out Natural) do
                     Self.Get_Woken (Value_1, Value_2);
                     requeue Self.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Self.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Integer; Value_2 : out Natural) do
                        requeue Self.Get_Held with abort;
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
                     Self.Add_Take (X);
                     begin
                        Sum := Sum + X;
                     exception
                        when Occurrence : others =>
                           Self.Add_Failed (Occurrence);
                           raise;
                     end;
                     Self.Add_Accept_End;
                  end;
                  N := N + 1;
               when 2 =>
                  declare
                     Total : Integer;
                     Calls : Natural;
                  begin
                     Self.Get_Take (Total, Calls);
                     begin
                        Total := Sum;
                        Calls := N;
                     exception
                        when Occurrence : others =>
                           Self.Get_Failed (Occurrence);
                           raise;
                     end;
                     Self.Get_Accept_End (Total, Calls);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Register_Agent;

   task body Client is
   begin
      R.Add (Amount);
   end Client;

   Total : Integer;
   Calls : Natural;
begin
   declare
      A : Client_Ref := new Client (First.all);
      B : Client_Ref := new Client (Row (2));
   begin
      while not (A'Terminated and B'Terminated) loop
         delay 0.01;
      end loop;
   end;
   R.Add (Seed);
   R.Get (Total, Calls);
   Put_Line ("total" & Integer'Image (Total) & " in" & Natural'Image (Calls) & " calls");
   Put_Line ("PASSED");
end Main;
