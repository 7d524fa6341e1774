--  Everything declared where the profiles forbid it: the server in the main
--  procedure, the worker allocated.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Box_Entry is (Box_No_Entry, Box_Put, Box_Get);
   type Box_Alternative is record
      Id : Box_Entry := Box_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Box_Alternative_List is array (Positive range <>) of Box_Alternative;
   --  rdv2po: task Box became this protected object; its code runs in the task
   --  Box_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Box is
      entry Put (V : Integer);
      entry Get (V : out Integer);
      --  rdv2po: the rendezvous protocol, for Box_Agent
      entry Select_Arm
        (Order : Box_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (V : Integer);
      procedure Put_Woken (V : in Integer);
      procedure Put_Take (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      entry Get_Held (V : out Integer);
      procedure Get_Woken (V : in Integer);
      procedure Get_Take (V : out Integer);
      procedure Get_Accept_End (V : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (V : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Box_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Box_Alternative);
      function Queued (Alternative : Box_Alternative) return Boolean;
      function Position_Of (Alternative : Box_Alternative) return Natural;
      Armed_List : Box_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Box_Entry := Box_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_V : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Box;
   task Box_Agent is
      --  rdv2po: general scheme agent of Box
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Box_Agent;

   protected body Box is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Box_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Box_Agent.Wake_1
              (Position_Of ((Id => Box_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Box_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Box_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Box_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

      entry Get (V : out Integer)
        when Closed
          or else (Chosen = Box_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Box_Agent.Wake_2
              (Position_Of ((Id => Box_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Box_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get;

      entry Get_Held (V : out Integer)
        when Closed or else (Chosen = Box_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Box_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Box_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Box_No_Entry then
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
        (Order : Box_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Box_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Box_Alternative) is
      begin
         case Alternative.Id is
            when Box_Put =>
               Put_Armed := True;
            when Box_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Box_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Box_Put =>
               return Box.Put'Count + Put_Held'Count > 0;
            when Box_Get =>
               return Box.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Box_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (V : out Integer) is
      begin
         V := Put_V;
         Chosen := Box_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Box_Put;
         Put_V := V;
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

      entry Put_Queue (V : in Integer)
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

      procedure Get_Take (V : out Integer) is
      begin
         V := Get_V;
         Chosen := Box_No_Entry;
      end Get_Take;

      procedure Get_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Box_Get;
         Get_V := V;
         Get_Done := False;
      end Get_Woken;

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

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Box;

   task body Box_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Box_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Box_Closer);
      overriding procedure Finalize (Object : in out Box_Closer) is
      begin
         Box.Close;
      end Finalize;
      Closer : Box_Closer;
      Held : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Box_Alternative_List :=
              (1 => (Box_Put, 0),
               2 => (Box_Get, 0));
            Choice : Natural;
         begin
            Box.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Box.Put_Woken (Value_1);
                     requeue Box.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Box.Get_Woken (Value_1);
                     requeue Box.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Box.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Box.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Box.Put_Take (V);
                     begin
                        Held := Held + V;
                     exception
                        when Occurrence : others =>
                           Box.Put_Failed (Occurrence);
                           raise;
                     end;
                     Box.Put_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Box.Get_Take (V);
                     begin
                        V := Held;
                     exception
                        when Occurrence : others =>
                           Box.Get_Failed (Occurrence);
                           raise;
                     end;
                     Box.Get_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Box_Agent;

   task type Worker;
   type Worker_Ref is access Worker;

   task body Worker is
   begin
      for I in 1 .. 4 loop
         Box.Put (I);
      end loop;
   end Worker;

   W : Worker_Ref;
   V : Integer;

begin
   W := new Worker;
   while not W'Terminated loop
      delay 0.001;
   end loop;
   Box.Get (V);
   Put_Line ("held:" & Integer'Image (V));
   Put_Line (if V = 10 then "PASSED" else "FAILED");
end Main;
