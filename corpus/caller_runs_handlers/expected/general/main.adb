--  Servers with exception handlers of the task body, taken by the caller-runs
--  scheme: when the server's code raises, the handler is the server's last
--  work, which the caller running that code does before it goes on.  An
--  exception in an accept body reaches the caller and the server's handler
--  (a one-shot server naming the exception); one after the accept ends the
--  server through its handler, which re-raises (the task dies of it
--  silently), and the next call raises Tasking_Error.  A task type's object
--  runs its handler on its own variables.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Exceptions; use Ada.Exceptions;
procedure Main is
   Bad : exception;

   procedure One_Shot is
      Seen : Boolean := False;
   begin
      declare
         type Once_Entry is (Once_No_Entry, Once_Put);
         --  rdv2po: task Once became this protected object; its code runs in
         --  the task Once_Agent, declared after it (general scheme: each
         --  rendezvous goes through the object)
         protected Once is
            entry Put (N : Integer);
            --  rdv2po: the rendezvous protocol, for Once_Agent
            entry Put_Accept_Begin (N : out Integer);
            procedure Put_Accept_End;
            procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
            entry Put_Queue (N : in Integer);
            procedure Close;
         private
            Chosen : Once_Entry := Once_No_Entry;
            Closed : Boolean := False;
            Put_N : Integer;
            Put_Done : Boolean := False;
            Put_Raised : Boolean := False;
            Put_Failure : Ada.Exceptions.Exception_Occurrence;
         end Once;
         task Once_Agent is
            --  rdv2po: general scheme agent of Once
         end Once_Agent;

         protected body Once is

            entry Put (N : Integer)
              when Closed
                or else (Chosen = Once_No_Entry
                         and then Put_Accept_Begin'Count > 0)
            is
            begin
               if Closed then
                  raise Tasking_Error;
               end if;
               Chosen := Once_Put;
               Put_N := N;
               Put_Done := False;
               requeue Put_Queue;
            end Put;

            entry Put_Accept_Begin (N : out Integer)
              when Chosen = Once_Put is
            begin
               N := Put_N;
               Chosen := Once_No_Entry;
            end Put_Accept_Begin;

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

            entry Put_Queue (N : in Integer)
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

            procedure Close is
            begin
               Closed := True;
            end Close;
         end Once;

         task body Once_Agent is
            --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
            type Once_Closer is new Ada.Finalization.Limited_Controlled with null record;
            overriding procedure Finalize (Object : in out Once_Closer);
            overriding procedure Finalize (Object : in out Once_Closer) is
            begin
               Once.Close;
            end Finalize;
            Closer : Once_Closer;
            Count : Integer := 0;
         begin
            declare
               N : Integer;
            begin
               Once.Put_Accept_Begin (N);
               begin
                  if N < 0 then
                     raise Bad;
                  end if;
                  Count := N;
               exception
                  when Occurrence : others =>
                     Once.Put_Failed (Occurrence);
                     raise;
               end;
               Once.Put_Accept_End;
            end;
            Put_Line ("once got" & Integer'Image (Count));
         exception
            when E : Bad =>
               Put_Line ("once: " & Exception_Name (E));
            when others =>
               Put_Line ("once: other");
         end Once_Agent;
      begin
         Once.Put (-1);
      exception
         when Bad => Seen := True;
      end;
      Put_Line ("caller saw Bad: " & Boolean'Image (Seen));
   end One_Shot;

   procedure Looping is
      type Server_Entry is (Server_No_Entry, Server_Put);
      type Server_Alternative is record
         Id : Server_Entry := Server_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
      --  rdv2po: task Server became this protected object; its code runs in
      --  the task Server_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Server is
         entry Put (N : Integer);
         --  rdv2po: the rendezvous protocol, for Server_Agent
         entry Select_Arm
           (Order : Server_Alternative_List;
            Chosen_Position : out Natural);
         entry Put_Held (N : Integer);
         procedure Put_Woken (N : in Integer);
         procedure Put_Take (N : out Integer);
         procedure Put_Accept_End;
         procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Put_Queue (N : in Integer);
         procedure Close;
      private
         entry Select_Wait
           (Order : Server_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Server_Alternative);
         function Queued (Alternative : Server_Alternative) return Boolean;
         function Position_Of (Alternative : Server_Alternative) return Natural;
         Armed_List : Server_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Server_Entry := Server_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Put_Armed : Boolean := False;
         Put_N : Integer;
         Put_Done : Boolean := False;
         Put_Raised : Boolean := False;
         Put_Failure : Ada.Exceptions.Exception_Occurrence;
      end Server;
      task Server_Agent is
         --  rdv2po: general scheme agent of Server
         entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
      end Server_Agent;

      protected body Server is

         entry Put (N : Integer)
           when Closed
             or else (Chosen = Server_No_Entry
                      and then Put_Armed
                      and then Put_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Server_Agent.Wake_1
                 (Position_Of ((Id => Server_Put, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Server_Put, Index => 0));
            Put_Woken (N);
            requeue Put_Queue;
         end Put;

         entry Put_Held (N : Integer)
           when Closed or else (Chosen = Server_No_Entry and then Put_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Server_Put, Index => 0));
            Put_Woken (N);
            requeue Put_Queue;
         end Put_Held;

         entry Select_Arm
           (Order : Server_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Server_No_Entry then
                  if Found = 0 and then Queued (Order (K)) then
                     Found := K;
                  end if;
               end if;
            end loop;
            --  a caller already queued is taken first, in the select's order
            --  (as GNAT does)
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
           (Order : Server_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Server_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Put_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Server_Alternative) is
         begin
            case Alternative.Id is
               when Server_Put =>
                  Put_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Server_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Server_Put =>
                  return Server.Put'Count + Put_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Server_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Put_Take (N : out Integer) is
         begin
            N := Put_N;
            Chosen := Server_No_Entry;
         end Put_Take;

         procedure Put_Woken (N : in Integer) is
         begin
            Disarm;
            Chosen := Server_Put;
            Put_N := N;
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

         entry Put_Queue (N : in Integer)
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

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Server;

      task body Server_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Server_Closer);
         overriding procedure Finalize (Object : in out Server_Closer) is
         begin
            Server.Close;
         end Finalize;
         Closer : Server_Closer;
         Sum : Integer := 0;
      begin
         loop
            declare
               Alternatives : constant Server_Alternative_List :=
                 (1 => (Server_Put, 0));
               Choice : Natural;
            begin
               Server.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Server.Put_Woken (Value_1);
                        requeue Server.Put_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Server.Put_Held with abort;
                        end Wake_1;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        N : Integer;
                     begin
                        Server.Put_Take (N);
                        begin
                           Sum := Sum + N;
                           Put_Line ("put" & Integer'Image (N));
                        exception
                           when Occurrence : others =>
                              Server.Put_Failed (Occurrence);
                              raise;
                        end;
                        Server.Put_Accept_End;
                     end;
                     if Sum > 10 then
                        raise Constraint_Error;
                     end if;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      exception
         when Constraint_Error =>
            Put_Line ("server: sum" & Integer'Image (Sum));
            raise;
      end Server_Agent;
   begin
      Server.Put (5);
      Server.Put (7);
      Server.Put (1);
   exception
      when Tasking_Error => Put_Line ("caller: Tasking_Error");
   end Looping;

   type Meter;
   type Meter_Entry is (Meter_No_Entry, Meter_Add);
   type Meter_Alternative is record
      Id : Meter_Entry := Meter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Meter_Alternative_List is array (Positive range <>) of Meter_Alternative;
   task type Meter_Agent (Self : not null access Meter; Limit : Integer) is
      --  rdv2po: general scheme agent of Meter
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Meter_Agent;
   --  rdv2po: task type Meter became this protected type; its code runs in
   --  Meter_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Meter (Limit : Integer) is
      entry Add (N : Integer);
      --  rdv2po: the rendezvous protocol, for Meter_Agent
      entry Select_Arm
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (N : Integer);
      procedure Add_Woken (N : in Integer);
      procedure Add_Take (N : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (N : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Meter_Alternative);
      function Queued (Alternative : Meter_Alternative) return Boolean;
      function Position_Of (Alternative : Meter_Alternative) return Natural;
      Armed_List : Meter_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Meter_Entry := Meter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_N : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Meter_Agent (Self => Meter'Unchecked_Access, Limit => Limit);
   end Meter;

   protected body Meter is

      entry Add (N : Integer)
        when Closed
          or else (Chosen = Meter_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Meter_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Meter_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add;

      entry Add_Held (N : Integer)
        when Closed or else (Chosen = Meter_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add_Held;

      entry Select_Arm
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Meter_No_Entry then
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
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Meter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Meter_Alternative) is
      begin
         case Alternative.Id is
            when Meter_Add =>
               Add_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Meter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Meter_Add =>
               return Meter.Add'Count + Add_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Meter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (N : out Integer) is
      begin
         N := Add_N;
         Chosen := Meter_No_Entry;
      end Add_Take;

      procedure Add_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Meter_Add;
         Add_N := N;
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

      entry Add_Queue (N : in Integer)
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

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Meter;

   task body Meter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Meter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Meter_Closer);
      overriding procedure Finalize (Object : in out Meter_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Meter_Closer;
      Level : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Meter_Alternative_List :=
              (1 => (Meter_Add, 0));
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
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Self.Add_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     N : Integer;
                  begin
                     Self.Add_Take (N);
                     begin
                        Level := Level + N;
                        Put_Line ("level" & Integer'Image (Level));
                     exception
                        when Occurrence : others =>
                           Self.Add_Failed (Occurrence);
                           raise;
                     end;
                     Self.Add_Accept_End;
                  end;
                  if Level > Limit then
                     raise Program_Error;
                  end if;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when Program_Error =>
         Put_Line ("meter over" & Integer'Image (Limit) & " at" & Integer'Image (Level));
   end Meter_Agent;

   procedure Meters is
      M : Meter (3);
   begin
      M.Add (2);
      M.Add (2);
      M.Add (1);
   exception
      when Tasking_Error => Put_Line ("meter: Tasking_Error");
   end Meters;
begin
   One_Shot;
   Looping;
   Meters;
   Put_Line ("PASSED");
end Main;
