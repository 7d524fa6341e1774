--  Servers that print, which the caller-runs scheme refuses, each for a
--  reason it names: a delay after the accept (the caller would wait it out),
--  an entry call in the accept body (the caller might be the task called), a
--  conditional call of the server's entry, and code after the accept naming
--  a variable like the entry's formal.  What is printed has one order:
--  each line of Relay's comes before its next rendezvous, and main prints
--  only after Relay has taken Done.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Sink_Entry is (Sink_No_Entry, Sink_Put, Sink_Get);
   type Sink_Alternative is record
      Id : Sink_Entry := Sink_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Sink_Alternative_List is array (Positive range <>) of Sink_Alternative;
   --  rdv2po: task Sink became this protected object; its code runs in the
   --  task Sink_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Sink is
      entry Put (V : Integer);
      entry Get (V : out Integer);
      --  rdv2po: the rendezvous protocol, for Sink_Agent
      entry Select_Arm
        (Order : Sink_Alternative_List;
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
        (Order : Sink_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Sink_Alternative);
      function Queued (Alternative : Sink_Alternative) return Boolean;
      function Position_Of (Alternative : Sink_Alternative) return Natural;
      Armed_List : Sink_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Sink_Entry := Sink_No_Entry;
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
   end Sink;
   task Sink_Agent is
      --  rdv2po: general scheme agent of Sink
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Sink_Agent;

   protected body Sink is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Sink_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Sink_Agent.Wake_1
              (Position_Of ((Id => Sink_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Sink_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Sink_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Sink_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

      entry Get (V : out Integer)
        when Closed
          or else (Chosen = Sink_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Sink_Agent.Wake_2
              (Position_Of ((Id => Sink_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Sink_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get;

      entry Get_Held (V : out Integer)
        when Closed or else (Chosen = Sink_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Sink_Get, Index => 0));
         Get_Woken (V);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Sink_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Sink_No_Entry then
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
        (Order : Sink_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Sink_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Sink_Alternative) is
      begin
         case Alternative.Id is
            when Sink_Put =>
               Put_Armed := True;
            when Sink_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Sink_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Sink_Put =>
               return Sink.Put'Count + Put_Held'Count > 0;
            when Sink_Get =>
               return Sink.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Sink_Alternative) return Natural is
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
         Chosen := Sink_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Sink_Put;
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
         Chosen := Sink_No_Entry;
      end Get_Take;

      procedure Get_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Sink_Get;
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
   end Sink;

   task body Sink_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Sink_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Sink_Closer);
      overriding procedure Finalize (Object : in out Sink_Closer) is
      begin
         Sink.Close;
      end Finalize;
      Closer : Sink_Closer;
      Last : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Sink_Alternative_List :=
              (1 => (Sink_Put, 0),
               2 => (Sink_Get, 0));
            Choice : Natural;
         begin
            Sink.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Sink.Put_Woken (Value_1);
                     requeue Sink.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Sink.Get_Woken (Value_1);
                     requeue Sink.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Sink.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Sink.Get_Held with abort;
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
                     Sink.Put_Take (V);
                     begin
                        Last := V;
                     exception
                        when Occurrence : others =>
                           Sink.Put_Failed (Occurrence);
                           raise;
                     end;
                     Sink.Put_Accept_End;
                  end;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Sink.Get_Take (V);
                     begin
                        V := Last;
                     exception
                        when Occurrence : others =>
                           Sink.Get_Failed (Occurrence);
                           raise;
                     end;
                     Sink.Get_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Sink_Agent;

   protected Gate is
      entry Pass;
      procedure Open;
   private
      Is_Open : Boolean := False;
   end Gate;

   protected body Gate is
      entry Pass when Is_Open is
      begin
         null;
      end Pass;

      procedure Open is
      begin
         Is_Open := True;
      end Open;
   end Gate;

   task Ticker is
      entry Tick (N : Integer);
      entry Total (C : out Integer);
   end Ticker;

   task body Ticker is
      N : Integer := 0;
      Count : Integer := 0;
   begin
      loop
         select
            accept Tick (N : Integer) do
               Put_Line ("tick" & Integer'Image (N));
               Ticker.N := N;
            end Tick;
            delay 0.001;
            Count := Count + N;
         or
            accept Total (C : out Integer) do
               C := Count;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Ticker;

   type Relay_Entry is (Relay_No_Entry, Relay_Put, Relay_Done);
   type Relay_Alternative is record
      Id : Relay_Entry := Relay_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Relay_Alternative_List is array (Positive range <>) of Relay_Alternative;
   --  rdv2po: task Relay became this protected object; its code runs in the
   --  task Relay_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Relay is
      entry Put (V : Integer);
      entry Done;
      --  rdv2po: the rendezvous protocol, for Relay_Agent
      entry Select_Arm
        (Order : Relay_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (V : Integer);
      procedure Put_Woken (V : in Integer);
      procedure Put_Take (V : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (V : in Integer);
      entry Done_Held;
      procedure Done_Woken;
      procedure Done_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Relay_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Relay_Alternative);
      function Queued (Alternative : Relay_Alternative) return Boolean;
      function Position_Of (Alternative : Relay_Alternative) return Natural;
      Armed_List : Relay_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Relay_Entry := Relay_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_V : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Done_Armed : Boolean := False;
   end Relay;
   task Relay_Agent is
      --  rdv2po: general scheme agent of Relay
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2);
   end Relay_Agent;

   protected body Relay is

      entry Put (V : Integer)
        when Closed
          or else (Chosen = Relay_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Relay_Agent.Wake_1
              (Position_Of ((Id => Relay_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Relay_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put;

      entry Put_Held (V : Integer)
        when Closed or else (Chosen = Relay_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Relay_Put, Index => 0));
         Put_Woken (V);
         requeue Put_Queue;
      end Put_Held;

      entry Done
        when Closed
          or else (Chosen = Relay_No_Entry
                   and then Done_Armed
                   and then Done_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Relay_Agent.Wake_2
              (Position_Of ((Id => Relay_Done, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Relay_Done, Index => 0));
         Done_Woken;
      end Done;

      entry Done_Held
        when Closed or else (Chosen = Relay_No_Entry and then Done_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Relay_Done, Index => 0));
         Done_Woken;
      end Done_Held;

      entry Select_Arm
        (Order : Relay_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Relay_No_Entry then
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
        (Order : Relay_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Relay_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Done_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Relay_Alternative) is
      begin
         case Alternative.Id is
            when Relay_Put =>
               Put_Armed := True;
            when Relay_Done =>
               Done_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Relay_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Relay_Put =>
               return Relay.Put'Count + Put_Held'Count > 0;
            when Relay_Done =>
               return Relay.Done'Count + Done_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Relay_Alternative) return Natural is
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
         Chosen := Relay_No_Entry;
      end Put_Take;

      procedure Put_Woken (V : in Integer) is
      begin
         Disarm;
         Chosen := Relay_Put;
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

      procedure Done_Take is
      begin
         Chosen := Relay_No_Entry;
      end Done_Take;

      procedure Done_Woken is
      begin
         Disarm;
         Chosen := Relay_Done;
      end Done_Woken;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Relay;

   task body Relay_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Relay_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Relay_Closer);
      overriding procedure Finalize (Object : in out Relay_Closer) is
      begin
         Relay.Close;
      end Finalize;
      Closer : Relay_Closer;
      Last : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Relay_Alternative_List :=
              (1 => (Relay_Put, 0),
               2 => (Relay_Done, 0));
            Choice : Natural;
         begin
            Relay.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Relay.Put_Woken (Value_1);
                     requeue Relay.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) do
                     Relay.Done_Woken;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Relay.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) do
                        requeue Relay.Done_Held with abort;
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
                     Relay.Put_Take (V);
                     begin
                        Put_Line ("relay" & Integer'Image (V));
                        Last := V;
                     exception
                        when Occurrence : others =>
                           Relay.Put_Failed (Occurrence);
                           raise;
                     end;
                     Relay.Put_Accept_End;
                  end;
                  Gate.Pass;
                  Put_Line ("passed" & Integer'Image (Last));
               when 2 =>
                  Relay.Done_Take;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Relay_Agent;

   V : Integer;
begin
   Ticker.Tick (1);
   Ticker.Tick (2);
   select
      Ticker.Total (V);
      Put_Line ("total" & Integer'Image (V));
   or
      delay 5.0;
      Put_Line ("ticker busy");
   end select;
   Relay.Put (5);
   Gate.Open;
   Relay.Put (6);
   Relay.Put (7);
   Relay.Done;   --  taken once Relay has printed "passed 7"
   Put_Line ("PASSED");
end Main;
