--  Accepting servers whose variables' default initialisation or initial
--  value raises Constraint_Error when the task is activated: the activation
--  fails and the activator gets Tasking_Error at its begin (RM 9.2(1)).  In a
--  protected object the same default would raise Constraint_Error where the
--  object is declared: rdv2po refuses them.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Exceptions;
procedure Main is
   Zero : Integer := 0;
   type Guarded is record
      Level : Positive := Zero;          --  raises: 0 is not Positive
   end record;
   type Row is array (1 .. 3) of Guarded;

   procedure Report (E : Ada.Exceptions.Exception_Occurrence) is
   begin
      Put_Line ("main: " & Ada.Exceptions.Exception_Name (E));
   end Report;
begin
   begin
      declare
         type Lock_Entry is (Lock_No_Entry, Lock_Seize, Lock_Free);
         type Lock_Alternative is record
            Id : Lock_Entry := Lock_No_Entry;
            Index : Integer := 0;   --  'Pos of a family member's index
         end record;
         type Lock_Alternative_List is array (Positive range <>) of Lock_Alternative;
         --  rdv2po: task Lock became this protected object; its code runs in
         --  the task Lock_Agent, declared after it (general scheme: each
         --  rendezvous goes through the object)
         protected Lock is
            entry Seize;
            entry Free;
            --  rdv2po: the rendezvous protocol, for Lock_Agent
            entry Select_Arm
              (Order : Lock_Alternative_List;
               Chosen_Position : out Natural);
            entry Seize_Held;
            procedure Seize_Woken;
            procedure Seize_Take;
            entry Free_Accept_Begin;
            procedure Close;
         private
            entry Select_Wait
              (Order : Lock_Alternative_List;
               Chosen_Position : out Natural);
            procedure Disarm;
            procedure Arm (Alternative : Lock_Alternative);
            function Queued (Alternative : Lock_Alternative) return Boolean;
            function Position_Of (Alternative : Lock_Alternative) return Natural;
            Armed_List : Lock_Alternative_List (1 .. 1);
            Armed_Last : Natural := 0;
            Position : Natural := 0;
            Chosen : Lock_Entry := Lock_No_Entry;
            Via_Wake : Boolean := False;
            Closed : Boolean := False;
            Seize_Armed : Boolean := False;
         end Lock;
         task Lock_Agent is
            --  rdv2po: general scheme agent of Lock
            entry Wake_1 (Positive range 1 .. 1);
         end Lock_Agent;

         protected body Lock is

            entry Seize
              when Closed
                or else (Chosen = Lock_No_Entry
                         and then Seize_Armed
                         and then Seize_Held'Count = 0)
            is
            begin
               if Closed then
                  raise Tasking_Error;
               end if;
               if Via_Wake then
                  requeue Lock_Agent.Wake_1
                    (Position_Of ((Id => Lock_Seize, Index => 0))) with abort;
               end if;
               Position := Position_Of ((Id => Lock_Seize, Index => 0));
               Seize_Woken;
            end Seize;

            entry Seize_Held
              when Closed or else (Chosen = Lock_No_Entry and then Seize_Armed)
            is
            begin
               if Closed then
                  raise Tasking_Error;
               end if;
               Position := Position_Of ((Id => Lock_Seize, Index => 0));
               Seize_Woken;
            end Seize_Held;

            entry Free
              when Closed
                or else (Chosen = Lock_No_Entry
                         and then Free_Accept_Begin'Count > 0)
            is
            begin
               if Closed then
                  raise Tasking_Error;
               end if;
               Disarm;
               Chosen := Lock_Free;
            end Free;

            entry Select_Arm
              (Order : Lock_Alternative_List;
               Chosen_Position : out Natural)
              when not Closed is
               Found : Natural := 0;
            begin
               Disarm;
               Chosen_Position := 0;
               Armed_Last := 0;
               for K in Order'Range loop
                  if Order (K).Id /= Lock_No_Entry then
                     if Found = 0 and then Queued (Order (K)) then
                        Found := K;
                     end if;
                  end if;
               end loop;
               --  a caller already queued is taken first, in the select's
               --  order (as GNAT does)
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
              (Order : Lock_Alternative_List;
               Chosen_Position : out Natural)
              when Chosen /= Lock_No_Entry is
            begin
               Chosen_Position := Position;
            end Select_Wait;

            procedure Disarm is
            begin
               Seize_Armed := False;
               Via_Wake := False;
            end Disarm;

            procedure Arm (Alternative : Lock_Alternative) is
            begin
               case Alternative.Id is
                  when Lock_Seize =>
                     Seize_Armed := True;
                  when others =>
                     null;
               end case;
            end Arm;

            function Queued (Alternative : Lock_Alternative) return Boolean is
            begin
               case Alternative.Id is
                  when Lock_Seize =>
                     return Lock.Seize'Count + Seize_Held'Count > 0;
                  when others =>
                     return False;
               end case;
            end Queued;

            function Position_Of (Alternative : Lock_Alternative) return Natural is
            begin
               for K in 1 .. Armed_Last loop
                  if Armed_List (K) = Alternative then
                     return K;
                  end if;
               end loop;
               return 0;
            end Position_Of;

            procedure Seize_Take is
            begin
               Chosen := Lock_No_Entry;
            end Seize_Take;

            procedure Seize_Woken is
            begin
               Disarm;
               Chosen := Lock_Seize;
            end Seize_Woken;

            entry Free_Accept_Begin
              when Chosen = Lock_Free is
            begin
               Chosen := Lock_No_Entry;
            end Free_Accept_Begin;

            procedure Close is
            begin
               Closed := True;
            end Close;
         end Lock;

         task body Lock_Agent is
            --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
            type Lock_Closer is new Ada.Finalization.Limited_Controlled with null record;
            overriding procedure Finalize (Object : in out Lock_Closer);
            overriding procedure Finalize (Object : in out Lock_Closer) is
            begin
               Lock.Close;
            end Finalize;
            Closer : Lock_Closer;
            Held : Guarded;
         begin
            loop
               declare
                  Alternatives : constant Lock_Alternative_List :=
                    (1 => (Lock_Seize, 0));
                  Choice : Natural;
               begin
                  Lock.Select_Arm
                    (Order => Alternatives,
                     Chosen_Position => Choice);
                  if Choice = 0 then
                     select
                        accept Wake_1 (1) do
                           Lock.Seize_Woken;
                        end Wake_1;
                        Choice := 1;
                     or
                        terminate;
                     end select;
                     --  rdv2po: callers that came too early wait in the object again
                     loop
                        select
                           accept Wake_1 (1) do
                              requeue Lock.Seize_Held with abort;
                           end Wake_1;
                        else
                           exit;
                        end select;
                     end loop;
                  end if;
                  case Choice is
                     when 1 =>
                        Lock.Seize_Take;
                     when others =>
                        null;
                  end case;
               end;
               Lock.Free_Accept_Begin;
            end loop;
         end Lock_Agent;
      begin
         Put_Line ("lock started");
         Lock.Seize;
         Lock.Free;
      end;
   exception
      when E : others => Report (E);
   end;

   begin
      declare
         type Table_Entry is (Table_No_Entry, Table_Touch);
         type Table_Alternative is record
            Id : Table_Entry := Table_No_Entry;
            Index : Integer := 0;   --  'Pos of a family member's index
         end record;
         type Table_Alternative_List is array (Positive range <>) of Table_Alternative;
         --  rdv2po: task Table became this protected object; its code runs in
         --  the task Table_Agent, declared after it (general scheme: each
         --  rendezvous goes through the object)
         protected Table is
            entry Touch;
            --  rdv2po: the rendezvous protocol, for Table_Agent
            entry Select_Arm
              (Order : Table_Alternative_List;
               Chosen_Position : out Natural);
            entry Touch_Held;
            procedure Touch_Woken;
            procedure Touch_Take;
            procedure Close;
         private
            entry Select_Wait
              (Order : Table_Alternative_List;
               Chosen_Position : out Natural);
            procedure Disarm;
            procedure Arm (Alternative : Table_Alternative);
            function Queued (Alternative : Table_Alternative) return Boolean;
            function Position_Of (Alternative : Table_Alternative) return Natural;
            Armed_List : Table_Alternative_List (1 .. 1);
            Armed_Last : Natural := 0;
            Position : Natural := 0;
            Chosen : Table_Entry := Table_No_Entry;
            Via_Wake : Boolean := False;
            Closed : Boolean := False;
            Touch_Armed : Boolean := False;
         end Table;
         task Table_Agent is
            --  rdv2po: general scheme agent of Table
            entry Wake_1 (Positive range 1 .. 1);
         end Table_Agent;

         protected body Table is

            entry Touch
              when Closed
                or else (Chosen = Table_No_Entry
                         and then Touch_Armed
                         and then Touch_Held'Count = 0)
            is
            begin
               if Closed then
                  raise Tasking_Error;
               end if;
               if Via_Wake then
                  requeue Table_Agent.Wake_1
                    (Position_Of ((Id => Table_Touch, Index => 0))) with abort;
               end if;
               Position := Position_Of ((Id => Table_Touch, Index => 0));
               Touch_Woken;
            end Touch;

            entry Touch_Held
              when Closed
                or else (Chosen = Table_No_Entry and then Touch_Armed)
            is
            begin
               if Closed then
                  raise Tasking_Error;
               end if;
               Position := Position_Of ((Id => Table_Touch, Index => 0));
               Touch_Woken;
            end Touch_Held;

            entry Select_Arm
              (Order : Table_Alternative_List;
               Chosen_Position : out Natural)
              when not Closed is
               Found : Natural := 0;
            begin
               Disarm;
               Chosen_Position := 0;
               Armed_Last := 0;
               for K in Order'Range loop
                  if Order (K).Id /= Table_No_Entry then
                     if Found = 0 and then Queued (Order (K)) then
                        Found := K;
                     end if;
                  end if;
               end loop;
               --  a caller already queued is taken first, in the select's
               --  order (as GNAT does)
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
              (Order : Table_Alternative_List;
               Chosen_Position : out Natural)
              when Chosen /= Table_No_Entry is
            begin
               Chosen_Position := Position;
            end Select_Wait;

            procedure Disarm is
            begin
               Touch_Armed := False;
               Via_Wake := False;
            end Disarm;

            procedure Arm (Alternative : Table_Alternative) is
            begin
               case Alternative.Id is
                  when Table_Touch =>
                     Touch_Armed := True;
                  when others =>
                     null;
               end case;
            end Arm;

            function Queued (Alternative : Table_Alternative) return Boolean is
            begin
               case Alternative.Id is
                  when Table_Touch =>
                     return Table.Touch'Count + Touch_Held'Count > 0;
                  when others =>
                     return False;
               end case;
            end Queued;

            function Position_Of (Alternative : Table_Alternative) return Natural is
            begin
               for K in 1 .. Armed_Last loop
                  if Armed_List (K) = Alternative then
                     return K;
                  end if;
               end loop;
               return 0;
            end Position_Of;

            procedure Touch_Take is
            begin
               Chosen := Table_No_Entry;
            end Touch_Take;

            procedure Touch_Woken is
            begin
               Disarm;
               Chosen := Table_Touch;
            end Touch_Woken;

            procedure Close is
            begin
               Closed := True;
            end Close;
         end Table;

         task body Table_Agent is
            --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
            type Table_Closer is new Ada.Finalization.Limited_Controlled with null record;
            overriding procedure Finalize (Object : in out Table_Closer);
            overriding procedure Finalize (Object : in out Table_Closer) is
            begin
               Table.Close;
            end Finalize;
            Closer : Table_Closer;
            Rows : Row;
         begin
            loop
               declare
                  Alternatives : constant Table_Alternative_List :=
                    (1 => (Table_Touch, 0));
                  Choice : Natural;
               begin
                  Table.Select_Arm
                    (Order => Alternatives,
                     Chosen_Position => Choice);
                  if Choice = 0 then
                     select
                        accept Wake_1 (1) do
                           Table.Touch_Woken;
                        end Wake_1;
                        Choice := 1;
                     or
                        terminate;
                     end select;
                     --  rdv2po: callers that came too early wait in the object again
                     loop
                        select
                           accept Wake_1 (1) do
                              requeue Table.Touch_Held with abort;
                           end Wake_1;
                        else
                           exit;
                        end select;
                     end loop;
                  end if;
                  case Choice is
                     when 1 =>
                        Table.Touch_Take;
                     when others =>
                        null;
                  end case;
               end;
            end loop;
         end Table_Agent;
      begin
         Table.Touch;
      end;
   exception
      when E : others => Report (E);
   end;

   begin
      declare
         type Meter_Entry is (Meter_No_Entry, Meter_Read, Meter_Reset);
         type Meter_Alternative is record
            Id : Meter_Entry := Meter_No_Entry;
            Index : Integer := 0;   --  'Pos of a family member's index
         end record;
         type Meter_Alternative_List is array (Positive range <>) of Meter_Alternative;
         --  rdv2po: task Meter became this protected object; its code runs in
         --  the task Meter_Agent, declared after it (general scheme: each
         --  rendezvous goes through the object)
         protected Meter is
            entry Read (V : out Integer);
            entry Reset;
            --  rdv2po: the rendezvous protocol, for Meter_Agent
            entry Select_Arm
              (Order : Meter_Alternative_List;
               Chosen_Position : out Natural);
            entry Read_Held (V : out Integer);
            procedure Read_Woken (V : in Integer);
            procedure Read_Take (V : out Integer);
            procedure Read_Accept_End (V : in Integer);
            procedure Read_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
            entry Read_Queue (V : out Integer);
            entry Reset_Accept_Begin;
            procedure Reset_Accept_End;
            procedure Reset_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
            entry Reset_Queue;
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
            Read_Armed : Boolean := False;
            Read_V : Integer;
            Read_Done : Boolean := False;
            Read_Raised : Boolean := False;
            Read_Failure : Ada.Exceptions.Exception_Occurrence;
            Reset_Done : Boolean := False;
            Reset_Raised : Boolean := False;
            Reset_Failure : Ada.Exceptions.Exception_Occurrence;
         end Meter;
         task Meter_Agent is
            --  rdv2po: general scheme agent of Meter
            entry Wake_1 (Positive range 1 .. 1) (Value_1 : out Integer);
         end Meter_Agent;

         protected body Meter is

            entry Read (V : out Integer)
              when Closed
                or else (Chosen = Meter_No_Entry
                         and then Read_Armed
                         and then Read_Held'Count = 0)
            is
            begin
               if Closed then
                  raise Tasking_Error;
               end if;
               if Via_Wake then
                  requeue Meter_Agent.Wake_1
                    (Position_Of ((Id => Meter_Read, Index => 0))) with abort;
               end if;
               Position := Position_Of ((Id => Meter_Read, Index => 0));
               Read_Woken (V);
               requeue Read_Queue;
            end Read;

            entry Read_Held (V : out Integer)
              when Closed or else (Chosen = Meter_No_Entry and then Read_Armed)
            is
            begin
               if Closed then
                  raise Tasking_Error;
               end if;
               Position := Position_Of ((Id => Meter_Read, Index => 0));
               Read_Woken (V);
               requeue Read_Queue;
            end Read_Held;

            entry Reset
              when Closed
                or else (Chosen = Meter_No_Entry
                         and then Reset_Accept_Begin'Count > 0)
            is
            begin
               if Closed then
                  raise Tasking_Error;
               end if;
               Disarm;
               Chosen := Meter_Reset;
               Reset_Done := False;
               requeue Reset_Queue;
            end Reset;

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
               --  a caller already queued is taken first, in the select's
               --  order (as GNAT does)
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
               Read_Armed := False;
               Via_Wake := False;
            end Disarm;

            procedure Arm (Alternative : Meter_Alternative) is
            begin
               case Alternative.Id is
                  when Meter_Read =>
                     Read_Armed := True;
                  when others =>
                     null;
               end case;
            end Arm;

            function Queued (Alternative : Meter_Alternative) return Boolean is
            begin
               case Alternative.Id is
                  when Meter_Read =>
                     return Meter.Read'Count + Read_Held'Count > 0;
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

            procedure Read_Take (V : out Integer) is
            begin
               V := Read_V;
               Chosen := Meter_No_Entry;
            end Read_Take;

            procedure Read_Woken (V : in Integer) is
            begin
               Disarm;
               Chosen := Meter_Read;
               Read_V := V;
               Read_Done := False;
            end Read_Woken;

            procedure Read_Accept_End (V : in Integer) is
            begin
               Read_V := V;
               Read_Done := True;
            end Read_Accept_End;

            procedure Read_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
            begin
               Ada.Exceptions.Save_Occurrence (Read_Failure, Occurrence);
               Read_Raised := True;
               Read_Done := True;
            end Read_Failed;

            entry Read_Queue (V : out Integer)
              when Read_Done or else Closed is
            begin
               if not Read_Done then
                  raise Tasking_Error;   --  the task ended during the rendezvous
               end if;
               Read_Done := False;
               if Read_Raised then
                  Read_Raised := False;
                  Ada.Exceptions.Reraise_Occurrence (Read_Failure);
               end if;
               V := Read_V;
            end Read_Queue;

            entry Reset_Accept_Begin
              when Chosen = Meter_Reset is
            begin
               Chosen := Meter_No_Entry;
            end Reset_Accept_Begin;

            procedure Reset_Accept_End is
            begin
               Reset_Done := True;
            end Reset_Accept_End;

            procedure Reset_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
            begin
               Ada.Exceptions.Save_Occurrence (Reset_Failure, Occurrence);
               Reset_Raised := True;
               Reset_Done := True;
            end Reset_Failed;

            entry Reset_Queue
              when Reset_Done or else Closed is
            begin
               if not Reset_Done then
                  raise Tasking_Error;   --  the task ended during the rendezvous
               end if;
               Reset_Done := False;
               if Reset_Raised then
                  Reset_Raised := False;
                  Ada.Exceptions.Reraise_Occurrence (Reset_Failure);
               end if;
            end Reset_Queue;

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
               Meter.Close;
            end Finalize;
            Closer : Meter_Closer;
            Reading : Natural := Zero - 1;   --  raises: -1 is not Natural
         begin
            loop
               declare
                  Alternatives : constant Meter_Alternative_List :=
                    (1 => (Meter_Read, 0));
                  Choice : Natural;
               begin
                  Meter.Select_Arm
                    (Order => Alternatives,
                     Chosen_Position => Choice);
                  if Choice = 0 then
                     select
                        accept Wake_1 (1) (Value_1 : out Integer) do
                           Meter.Read_Woken (Value_1);
                           requeue Meter.Read_Queue;
                        end Wake_1;
                        Choice := 1;
                     or
                        terminate;
                     end select;
                     --  rdv2po: callers that came too early wait in the object again
                     loop
                        select
                           accept Wake_1 (1) (Value_1 : out Integer) do
                              requeue Meter.Read_Held with abort;
                           end Wake_1;
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
                           Meter.Read_Take (V);
                           begin
                              V := Reading;
                           exception
                              when Occurrence : others =>
                                 Meter.Read_Failed (Occurrence);
                                 raise;
                           end;
                           Meter.Read_Accept_End (V);
                        end;
                     when others =>
                        null;
                  end case;
               end;
               Meter.Reset_Accept_Begin;
               begin
                  Reading := 0;
               exception
                  when Occurrence : others =>
                     Meter.Reset_Failed (Occurrence);
                     raise;
               end;
               Meter.Reset_Accept_End;
            end loop;
         end Meter_Agent;
         V : Integer;
      begin
         Meter.Read (V);
         Meter.Reset;
         Put_Line ("read" & Integer'Image (V));
      end;
   exception
      when E : others => Report (E);
   end;
   Put_Line ("PASSED");
end Main;
