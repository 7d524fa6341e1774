with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Counter;
   type Counter_Entry is (Counter_No_Entry, Counter_Inc, Counter_Get);
   type Counter_Alternative is record
      Id : Counter_Entry := Counter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Counter_Alternative_List is array (Positive range <>) of Counter_Alternative;
   task type Counter_Agent (Self : not null access Counter) is
      --  rdv2po: general scheme agent of Counter
      entry Wake_1 (Positive range 1 .. 2);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Counter_Agent;
   --  rdv2po: task type Counter became this protected type; its code runs in
   --  Counter_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Counter is
      entry Inc;
      entry Get (V : out Natural);
      --  rdv2po: the rendezvous protocol, for Counter_Agent
      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      entry Inc_Held;
      procedure Inc_Woken;
      procedure Inc_Take;
      procedure Inc_Accept_End;
      procedure Inc_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Inc_Queue;
      entry Get_Held (V : out Natural);
      procedure Get_Woken (V : in Natural);
      procedure Get_Take (V : out Natural);
      procedure Get_Accept_End (V : in Natural);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Counter_Alternative);
      function Queued (Alternative : Counter_Alternative) return Boolean;
      function Position_Of (Alternative : Counter_Alternative) return Natural;
      Armed_List : Counter_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Counter_Entry := Counter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Inc_Armed : Boolean := False;
      Inc_Done : Boolean := False;
      Inc_Raised : Boolean := False;
      Inc_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_V : Natural;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Counter_Agent (Self => Counter'Unchecked_Access);
   end Counter;

   protected body Counter is

      entry Inc
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Inc_Armed
                   and then Inc_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Counter_Inc, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Counter_Inc, Index => 0));
         Inc_Woken;
         requeue Inc_Queue;
      end Inc;

      entry Inc_Held
        when Closed or else (Chosen = Counter_No_Entry and then Inc_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Inc, Index => 0));
         Inc_Woken;
         requeue Inc_Queue;
      end Inc_Held;

      entry Get (V : out Natural)
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Counter_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Counter_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get;

      entry Get_Held (V : out Natural)
        when Closed or else (Chosen = Counter_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Counter_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Counter_No_Entry then
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
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Counter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Inc_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Counter_Alternative) is
      begin
         case Alternative.Id is
            when Counter_Inc =>
               Inc_Armed := True;
            when Counter_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Counter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Counter_Inc =>
               return Counter.Inc'Count + Inc_Held'Count > 0;
            when Counter_Get =>
               return Counter.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Counter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Inc_Take is
      begin
         Chosen := Counter_No_Entry;
      end Inc_Take;

      procedure Inc_Woken is
      begin
         Disarm;
         Chosen := Counter_Inc;
         Inc_Done := False;
      end Inc_Woken;

      procedure Inc_Accept_End is
      begin
         Inc_Done := True;
      end Inc_Accept_End;

      procedure Inc_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Inc_Failure, Occurrence);
         Inc_Raised := True;
         Inc_Done := True;
      end Inc_Failed;

      entry Inc_Queue
        when Inc_Done or else Closed is
      begin
         if not Inc_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Inc_Done := False;
         if Inc_Raised then
            Inc_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Inc_Failure);
         end if;
      end Inc_Queue;

      procedure Get_Take (V : out Natural) is
      begin
         V := Get_V;
         Chosen := Counter_No_Entry;
      end Get_Take;

      procedure Get_Woken (V : in Natural) is
      begin
         Disarm;
         Chosen := Counter_Get;
         Get_V := V;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (V : in Natural) is
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

      entry Get_Queue (V : out Natural)
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

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Counter;

   task body Counter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Counter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Counter_Closer);
      overriding procedure Finalize (Object : in out Counter_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Counter_Closer;
      N : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Counter_Alternative_List :=
              (1 => (Counter_Inc, 0),
               2 => (Counter_Get, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Self.Inc_Woken;
                     requeue Self.Inc_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Natural) do
                     Self.Get_Woken (Value_1);
                     requeue Self.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Self.Inc_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        requeue Self.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Self.Inc_Take;
                  begin
                     N := N + 1;
                  exception
                     when Occurrence : others =>
                        Self.Inc_Failed (Occurrence);
                        raise;
                  end;
                  Self.Inc_Accept_End;
               when 2 =>
                  declare
                     V : Natural;
                  begin
                     Self.Get_Take (V);
                     begin
                        V := N;
                     exception
                        when Occurrence : others =>
                           Self.Get_Failed (Occurrence);
                           raise;
                     end;
                     Self.Get_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Counter_Agent;

   procedure Bump (C : in out Counter; Times : Natural) is
   begin
      for I in 1 .. Times loop
         C.Inc;
      end loop;
   end Bump;

   procedure Show (C : in out Counter) is
      V : Natural;
   begin
      C.Get (V);
      Put_Line (Natural'Image (V));
   end Show;

   Cs : array (1 .. 2) of Counter;
begin
   Bump (Cs (1), 3);
   Bump (Cs (2), 5);
   Show (Cs (1));
   Show (Cs (2));
   Put_Line ("PASSED");
end Main;
