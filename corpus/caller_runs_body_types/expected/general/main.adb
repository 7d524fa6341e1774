with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Total : Integer := 0;

   --  A single task: its types, numbers, exception and renaming stay where
   --  they were written, in the package body that takes the task body's place.
   type Logger_Entry is (Logger_No_Entry, Logger_Log, Logger_Stop);
   type Logger_Alternative is record
      Id : Logger_Entry := Logger_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Logger_Alternative_List is array (Positive range <>) of Logger_Alternative;
   --  rdv2po: task Logger became this protected object; its code runs in the
   --  task Logger_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Logger is
      entry Log (N : Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Logger_Agent
      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      procedure Log_Take (N : out Integer);
      procedure Log_Accept_End;
      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Log_Queue (N : in Integer);
      procedure Stop_Take;
      procedure Stop_Accept_End;
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Logger_Alternative);
      function Queued (Alternative : Logger_Alternative) return Boolean;
      function Position_Of (Alternative : Logger_Alternative) return Natural;
      Armed_List : Logger_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Logger_Entry := Logger_No_Entry;
      Closed : Boolean := False;
      Log_Armed : Boolean := False;
      Log_N : Integer;
      Log_Done : Boolean := False;
      Log_Raised : Boolean := False;
      Log_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Logger;
   task Logger_Agent is
      --  rdv2po: general scheme agent of Logger
   end Logger_Agent;

   protected body Logger is

      entry Log (N : Integer)
        when Closed or else (Chosen = Logger_No_Entry and then Log_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Log, Index => 0));
         Disarm;
         Chosen := Logger_Log;
         Log_N := N;
         Log_Done := False;
         requeue Log_Queue;
      end Log;

      entry Stop
        when Closed or else (Chosen = Logger_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Stop, Index => 0));
         Disarm;
         Chosen := Logger_Stop;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Logger_No_Entry then
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
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Logger_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Log_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Logger_Alternative) is
      begin
         case Alternative.Id is
            when Logger_Log =>
               Log_Armed := True;
            when Logger_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Logger_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Logger_Log =>
               return Logger.Log'Count > 0;
            when Logger_Stop =>
               return Logger.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Logger_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Log_Take (N : out Integer) is
      begin
         N := Log_N;
         Chosen := Logger_No_Entry;
      end Log_Take;

      procedure Log_Accept_End is
      begin
         Log_Done := True;
      end Log_Accept_End;

      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Log_Failure, Occurrence);
         Log_Raised := True;
         Log_Done := True;
      end Log_Failed;

      entry Log_Queue (N : in Integer)
        when Log_Done or else Closed is
      begin
         if not Log_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Log_Done := False;
         if Log_Raised then
            Log_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Log_Failure);
         end if;
      end Log_Queue;

      procedure Stop_Take is
      begin
         Chosen := Logger_No_Entry;
      end Stop_Take;

      procedure Stop_Accept_End is
      begin
         Stop_Done := True;
      end Stop_Accept_End;

      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
         Stop_Raised := True;
         Stop_Done := True;
      end Stop_Failed;

      entry Stop_Queue
        when Stop_Done or else Closed is
      begin
         if not Stop_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Stop_Done := False;
         if Stop_Raised then
            Stop_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Stop_Failure);
         end if;
      end Stop_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Logger;

   task body Logger_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Logger_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Logger_Closer);
      overriding procedure Finalize (Object : in out Logger_Closer) is
      begin
         Logger.Close;
      end Finalize;
      Closer : Logger_Closer;
      Max : constant := 50;
      type Level is (Low, Mid, High);
      subtype Warm is Level range Mid .. High;
      type Small is range 0 .. 10;
      subtype Tiny is Small range 0 .. 3;
      type Ring is array (Tiny) of Integer;
      type Entry_Kind is record
         Value : Integer;
         Kind  : Level;
      end record;
      Too_Big : exception;
      Sum : Integer renames Total;
      Seen : Ring := (others => 0);
      Last : Entry_Kind := (0, Low);
      Next : Tiny := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Logger.Select_Arm
              (Order => (1 => (Logger_Log, 0),
                         2 => (Logger_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     N : Integer;
                  begin
                     Logger.Log_Take (N);
                     begin
                        begin
                           if N > Max then
                              raise Too_Big;
                           end if;
                           Last := (N, (if N > 30 then High elsif N > 10 then Mid else Low));
                           Seen (Next) := N;
                           Next := (if Next = Tiny'Last then 0 else Next + 1);
                           Sum := Sum + N;
                           Put_Line ("logged" & Integer'Image (Last.Value) & " "
                                     & Level'Image (Last.Kind)
                                     & (if Last.Kind in Warm then " warm" else ""));
                        exception
                           when Too_Big =>
                              Put_Line ("too big:" & Integer'Image (N));
                        end;
                     exception
                        when Occurrence : others =>
                           Logger.Log_Failed (Occurrence);
                           raise;
                     end;
                     Logger.Log_Accept_End;
                  end;
               when 2 =>
                  Logger.Stop_Take;
                  begin
                     Put_Line ("ring" & Integer'Image (Seen (0)) & Integer'Image (Seen (1)));
                  exception
                     when Occurrence : others =>
                        Logger.Stop_Failed (Occurrence);
                        raise;
                  end;
                  Logger.Stop_Accept_End;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Logger_Agent;

   --  A task type: its types and numbers move out before its package, under
   --  fresh names, for the record holding its variables to see them.
   type Meter;
   type Meter_Entry is (Meter_No_Entry, Meter_Add, Meter_Show);
   type Meter_Alternative is record
      Id : Meter_Entry := Meter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Meter_Alternative_List is array (Positive range <>) of Meter_Alternative;
   task type Meter_Agent (Self : not null access Meter; Id : Positive) is
      --  rdv2po: general scheme agent of Meter
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2);
   end Meter_Agent;
   --  rdv2po: task type Meter became this protected type; its code runs in
   --  Meter_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Meter (Id : Positive) is
      entry Add (N : Integer);
      entry Show;
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
      entry Show_Held;
      procedure Show_Woken;
      procedure Show_Take;
      procedure Show_Accept_End;
      procedure Show_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Show_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Meter_Alternative);
      function Queued (Alternative : Meter_Alternative) return Boolean;
      function Position_Of (Alternative : Meter_Alternative) return Natural;
      Armed_List : Meter_Alternative_List (1 .. 2);
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
      Show_Armed : Boolean := False;
      Show_Done : Boolean := False;
      Show_Raised : Boolean := False;
      Show_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Meter_Agent (Self => Meter'Unchecked_Access, Id => Id);
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

      entry Show
        when Closed
          or else (Chosen = Meter_No_Entry
                   and then Show_Armed
                   and then Show_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Meter_Show, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Meter_Show, Index => 0));
         Show_Woken;
         requeue Show_Queue;
      end Show;

      entry Show_Held
        when Closed or else (Chosen = Meter_No_Entry and then Show_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Show, Index => 0));
         Show_Woken;
         requeue Show_Queue;
      end Show_Held;

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
         Show_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Meter_Alternative) is
      begin
         case Alternative.Id is
            when Meter_Add =>
               Add_Armed := True;
            when Meter_Show =>
               Show_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Meter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Meter_Add =>
               return Meter.Add'Count + Add_Held'Count > 0;
            when Meter_Show =>
               return Meter.Show'Count + Show_Held'Count > 0;
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

      procedure Show_Take is
      begin
         Chosen := Meter_No_Entry;
      end Show_Take;

      procedure Show_Woken is
      begin
         Disarm;
         Chosen := Meter_Show;
         Show_Done := False;
      end Show_Woken;

      procedure Show_Accept_End is
      begin
         Show_Done := True;
      end Show_Accept_End;

      procedure Show_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Show_Failure, Occurrence);
         Show_Raised := True;
         Show_Done := True;
      end Show_Failed;

      entry Show_Queue
        when Show_Done or else Closed is
      begin
         if not Show_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Show_Done := False;
         if Show_Raised then
            Show_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Show_Failure);
         end if;
      end Show_Queue;

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
      Limit : constant := 4;
      type Level is (Calm, Brisk, Peak);
      subtype Reading is Integer range 0 .. 100;
      type History is array (1 .. Limit) of Reading;
      Seen : History := (others => 0);
      Last : Level := Calm;
      Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Meter_Alternative_List :=
              (1 => (Meter_Add, 0),
               2 => (Meter_Show, 0));
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
                  accept Wake_2 (2) do
                     Self.Show_Woken;
                     requeue Self.Show_Queue;
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
                     accept Wake_2 (2) do
                        requeue Self.Show_Held with abort;
                     end Wake_2;
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
                        Count := Count mod Limit + 1;
                        Seen (Count) := N;
                        Last := (if N > 30 then Peak elsif N > 10 then Brisk else Calm);
                        Put_Line ("meter" & Positive'Image (Id) & " " & Level'Image (Last));
                     exception
                        when Occurrence : others =>
                           Self.Add_Failed (Occurrence);
                           raise;
                     end;
                     Self.Add_Accept_End;
                  end;
               when 2 =>
                  Self.Show_Take;
                  begin
                     for R of Seen loop
                        Put (Reading'Image (R));
                     end loop;
                     New_Line;
                  exception
                     when Occurrence : others =>
                        Self.Show_Failed (Occurrence);
                        raise;
                  end;
                  Self.Show_Accept_End;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Meter_Agent;

   A : Meter (1);
   B : Meter (2);
begin
   Logger.Log (5);
   Logger.Log (20);
   Logger.Log (70);
   Logger.Log (40);
   Logger.Stop;
   A.Add (5);
   B.Add (40);
   A.Add (20);
   A.Show;
   B.Show;
   Put_Line ("total" & Integer'Image (Total));
   Put_Line ("PASSED");
end Main;
