--  Task attributes, priorities, E'Caller and abort: a Watchdog server
--  (with pragma Priority) that records which task called it, a Pump that is
--  aborted while it waits, and checks of 'Callable / 'Terminated.

with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Task_Identification; use Ada.Task_Identification;
with System;

procedure Main is

   type Watchdog_Entry is
     (Watchdog_No_Entry,
      Watchdog_Kick,
      Watchdog_Last_Caller,
      Watchdog_Stop);
   type Watchdog_Kick_From_Access is access String;
   procedure Free_Kick_From is new Ada.Unchecked_Deallocation
     (String,
      Watchdog_Kick_From_Access);
   type Watchdog_Alternative is record
      Id : Watchdog_Entry := Watchdog_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Watchdog_Alternative_List is array (Positive range <>) of Watchdog_Alternative;
   --  rdv2po: task Watchdog became this protected object; its code runs in the
   --  task Watchdog_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Watchdog is
      entry Kick (From : String);
      entry Last_Caller (Id : out Task_Id);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Watchdog_Agent
      entry Select_Arm
        (Order : Watchdog_Alternative_List;
         Chosen_Position : out Natural);
      procedure Kick_Take;
      function Kick_From_Value return String;
      procedure Kick_Accept_End;
      procedure Kick_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Kick_Queue (From : in String);
      function Kick_Caller return Ada.Task_Identification.Task_Id;
      procedure Last_Caller_Take (Id : out Task_Id);
      procedure Last_Caller_Accept_End (Id : in Task_Id);
      procedure Last_Caller_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Last_Caller_Queue (Id : out Task_Id);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Watchdog_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Watchdog_Alternative);
      function Queued (Alternative : Watchdog_Alternative) return Boolean;
      function Position_Of (Alternative : Watchdog_Alternative) return Natural;
      Armed_List : Watchdog_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Watchdog_Entry := Watchdog_No_Entry;
      Closed : Boolean := False;
      Kick_Armed : Boolean := False;
      Kick_From : Watchdog_Kick_From_Access;
      Kick_Done : Boolean := False;
      Kick_Raised : Boolean := False;
      Kick_Failure : Ada.Exceptions.Exception_Occurrence;
      Kick_Caller_Id : Ada.Task_Identification.Task_Id;
      Last_Caller_Armed : Boolean := False;
      Last_Caller_Id : Task_Id;
      Last_Caller_Done : Boolean := False;
      Last_Caller_Raised : Boolean := False;
      Last_Caller_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Watchdog;
   task Watchdog_Agent is
      --  rdv2po: general scheme agent of Watchdog
      pragma Priority (System.Default_Priority + 1);
   end Watchdog_Agent;

   protected body Watchdog is

      entry Kick (From : String)
        when Closed or else (Chosen = Watchdog_No_Entry and then Kick_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watchdog_Kick, Index => 0));
         Disarm;
         Chosen := Watchdog_Kick;
         Kick_Caller_Id := Kick'Caller;
         Kick_From := new String'(From);
         Kick_Done := False;
         requeue Kick_Queue;
      end Kick;

      entry Last_Caller (Id : out Task_Id)
        when Closed
          or else (Chosen = Watchdog_No_Entry and then Last_Caller_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watchdog_Last_Caller, Index => 0));
         Disarm;
         Chosen := Watchdog_Last_Caller;
         Last_Caller_Id := Id;
         Last_Caller_Done := False;
         requeue Last_Caller_Queue;
      end Last_Caller;

      entry Stop
        when Closed or else (Chosen = Watchdog_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watchdog_Stop, Index => 0));
         Disarm;
         Chosen := Watchdog_Stop;
      end Stop;

      entry Select_Arm
        (Order : Watchdog_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Watchdog_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open then
            raise Program_Error;
         end if;
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
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Watchdog_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Watchdog_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Kick_Armed := False;
         Last_Caller_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Watchdog_Alternative) is
      begin
         case Alternative.Id is
            when Watchdog_Kick =>
               Kick_Armed := True;
            when Watchdog_Last_Caller =>
               Last_Caller_Armed := True;
            when Watchdog_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Watchdog_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Watchdog_Kick =>
               return Watchdog.Kick'Count > 0;
            when Watchdog_Last_Caller =>
               return Watchdog.Last_Caller'Count > 0;
            when Watchdog_Stop =>
               return Watchdog.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Watchdog_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Kick_Take is
      begin
         Chosen := Watchdog_No_Entry;
      end Kick_Take;

      function Kick_From_Value return String is
      begin
         return Kick_From.all;
      end Kick_From_Value;

      procedure Kick_Accept_End is
      begin
         Kick_Done := True;
      end Kick_Accept_End;

      procedure Kick_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Kick_Failure, Occurrence);
         Kick_Raised := True;
         Kick_Done := True;
      end Kick_Failed;

      entry Kick_Queue (From : in String)
        when Kick_Done or else Closed is
      begin
         if not Kick_Done then
            Free_Kick_From (Kick_From);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Kick_Done := False;
         if Kick_Raised then
            Kick_Raised := False;
            Free_Kick_From (Kick_From);
            Ada.Exceptions.Reraise_Occurrence (Kick_Failure);
         end if;
         Free_Kick_From (Kick_From);
      end Kick_Queue;

      function Kick_Caller return Ada.Task_Identification.Task_Id is
      begin
         return Kick_Caller_Id;
      end Kick_Caller;

      procedure Last_Caller_Take (Id : out Task_Id) is
      begin
         Id := Last_Caller_Id;
         Chosen := Watchdog_No_Entry;
      end Last_Caller_Take;

      procedure Last_Caller_Accept_End (Id : in Task_Id) is
      begin
         Last_Caller_Id := Id;
         Last_Caller_Done := True;
      end Last_Caller_Accept_End;

      procedure Last_Caller_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Last_Caller_Failure, Occurrence);
         Last_Caller_Raised := True;
         Last_Caller_Done := True;
      end Last_Caller_Failed;

      entry Last_Caller_Queue (Id : out Task_Id)
        when Last_Caller_Done or else Closed is
      begin
         if not Last_Caller_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Last_Caller_Done := False;
         if Last_Caller_Raised then
            Last_Caller_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Last_Caller_Failure);
         end if;
         Id := Last_Caller_Id;
      end Last_Caller_Queue;

      procedure Stop_Take is
      begin
         Chosen := Watchdog_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Watchdog;

   task body Watchdog_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Watchdog_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Watchdog_Closer);
      overriding procedure Finalize (Object : in out Watchdog_Closer) is
      begin
         Watchdog.Close;
      end Finalize;
      Closer : Watchdog_Closer;
      Last  : Task_Id := Null_Task_Id;
      Kicks : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Watchdog.Select_Arm
              (Order => (1 => (Watchdog_Kick, 0),
                         2 => (Watchdog_Last_Caller, 0),
                         3 => (Watchdog_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  begin
                     Watchdog.Kick_Take;
                     declare
                        From : constant String := Watchdog.Kick_From_Value;
                     begin
                        begin
                           Last := Watchdog.Kick_Caller;
                           Kicks := Kicks + 1;
                           Put_Line ("kick" & Natural'Image (Kicks) & " from " & From);
                        exception
                           when Occurrence : others =>
                              Watchdog.Kick_Failed (Occurrence);
                              raise;
                        end;
                        Watchdog.Kick_Accept_End;
                     end;
                  end;
               when 2 =>
                  declare
                     Id : Task_Id;
                  begin
                     Watchdog.Last_Caller_Take (Id);
                     begin
                        Id := Last;
                     exception
                        when Occurrence : others =>
                           Watchdog.Last_Caller_Failed (Occurrence);
                           raise;
                     end;
                     Watchdog.Last_Caller_Accept_End (Id);
                  end;
               when 3 =>
                  Watchdog.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Watchdog_Agent;

   type Pump_Entry is (Pump_No_Entry, Pump_Prime, Pump_Run);
   --  rdv2po: task Pump became this protected object; its code runs in the
   --  task Pump_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Pump is
      entry Prime;
      entry Run;
      --  rdv2po: the rendezvous protocol, for Pump_Agent
      entry Prime_Accept_Begin;
      entry Run_Accept_Begin;
      function Agent_Callable return Boolean;
      procedure Close;
   private
      Chosen : Pump_Entry := Pump_No_Entry;
      Closed : Boolean := False;
   end Pump;
   task Pump_Agent is
      --  rdv2po: general scheme agent of Pump
      pragma Priority (System.Default_Priority);
   end Pump_Agent;

   protected body Pump is

      entry Prime
        when Closed
          or else (Chosen = Pump_No_Entry
                   and then Prime_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Pump_Prime;
      end Prime;

      entry Run
        when Closed
          or else (Chosen = Pump_No_Entry and then Run_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Pump_Run;
      end Run;

      entry Prime_Accept_Begin
        when Chosen = Pump_Prime is
      begin
         Chosen := Pump_No_Entry;
      end Prime_Accept_Begin;

      entry Run_Accept_Begin
        when Chosen = Pump_Run is
      begin
         Chosen := Pump_No_Entry;
      end Run_Accept_Begin;

      function Agent_Callable return Boolean is
      begin
         return not Closed and then Pump_Agent'Callable;
      end Agent_Callable;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Pump;

   task body Pump_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Pump_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Pump_Closer);
      overriding procedure Finalize (Object : in out Pump_Closer) is
      begin
         Pump.Close;
      end Finalize;
      Closer : Pump_Closer;
   begin
      Pump.Prime_Accept_Begin;
      Watchdog.Kick ("pump");
      Pump.Run_Accept_Begin;          --  never called: the pump is aborted here
      Put_Line ("pump ran (wrong)");
   end Pump_Agent;

   Id : Task_Id;
begin
   Watchdog.Kick ("main");
   Watchdog.Last_Caller (Id);
   Put_Line ("last caller is main: " & Boolean'Image (Id = Current_Task));

   Pump.Prime;
   --  wait until the pump's kick went through
   loop
      Watchdog.Last_Caller (Id);
      exit when Id = Pump_Agent'Identity;
      delay 0.005;
   end loop;
   Put_Line ("last caller is pump: " & Boolean'Image (Id = Pump_Agent'Identity));

   Put_Line ("pump callable: " & Boolean'Image (Pump.Agent_Callable));
   abort Pump_Agent;
   Pump.Close;  --  rdv2po: abnormal now
   while not Pump_Agent'Terminated loop
      delay 0.005;
   end loop;
   Put_Line ("pump callable after abort: " & Boolean'Image (Pump.Agent_Callable));
   begin
      Pump.Run;
      Put_Line ("call on aborted pump accepted (wrong)");
   exception
      when Tasking_Error =>
         Put_Line ("call on aborted pump: Tasking_Error");
   end;

   Watchdog.Stop;
   while not Watchdog_Agent'Terminated loop
      delay 0.005;
   end loop;
   Put_Line ("watchdog terminated: " & Boolean'Image (Watchdog_Agent'Terminated));
   begin
      Watchdog.Kick ("late");
   exception
      when Tasking_Error =>
         Put_Line ("late kick: Tasking_Error");
   end;
end Main;
