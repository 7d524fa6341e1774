--  Servers whose accepts sit in if statements without else, and in if or
--  case statements nested in the branches of others.  Where no condition of
--  an if without else holds the task goes on past it without waiting; the
--  server scheme tests that where the task reached the statement and goes on
--  to the next sync point.  Nested branches guard their alternatives by the
--  conditions of every branch that leads to them.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  A batcher: after every third Put it takes nothing but Flush.
   task Batcher is
      entry Put (V : Natural);
      entry Flush;
      entry Sum (S : out Natural);
   end Batcher;
   task body Batcher is
      Pending : Natural := 0;
      Total : Natural := 0;
   begin
      loop
         select
            accept Put (V : Natural) do
               Total := Total + V;
            end Put;
            Pending := Pending + 1;
         or
            accept Sum (S : out Natural) do
               S := Total;
            end Sum;
         or
            terminate;
         end select;
         if Pending = 3 then
            accept Flush;
            Pending := 0;
         end if;
      end loop;
   end Batcher;

   --  A meter: above 10 it must be drained, above 5 it warns first; an if
   --  without else of two branches, Drain accepted in both.
   task Meter is
      entry Add (N : Natural);
      entry Read (L : out Natural);
      entry Warned;
      entry Drain;
   end Meter;
   task body Meter is
      Level : Natural := 0;
      Warnings : Natural := 0;
   begin
      loop
         select
            accept Add (N : Natural) do
               Level := Level + N;
            end Add;
         or
            accept Read (L : out Natural) do
               L := Level * 100 + Warnings;
            end Read;
         or
            terminate;
         end select;
         if Level > 10 then
            accept Drain;
            Level := 0;
         elsif Level > 5 then
            select
               accept Warned;
               Warnings := Warnings + 1;
            or
               accept Drain;
               Level := 0;
            end select;
         end if;
      end loop;
   end Meter;

   --  A door: locked, it takes Reset after an alarm, else Unlock or Status
   --  (an if nested in the if's first branch); otherwise a case over its
   --  state (nested in the else branch).
   type Door_State is (Open, Closed, Locked);
   type Door_Entry is
     (Door_No_Entry,
      Door_Push,
      Door_Pull,
      Door_Lock,
      Door_Unlock,
      Door_Reset,
      Door_Status);
   type Door_Alternative is record
      Id : Door_Entry := Door_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Door_Alternative_List is array (Positive range <>) of Door_Alternative;
   --  rdv2po: task Door became this protected object; its code runs in the
   --  task Door_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Door is
      entry Push;
      entry Pull;
      entry Lock;
      entry Unlock (Code : Natural);
      entry Reset;
      entry Status (S : out Door_State; E : out Natural);
      --  rdv2po: the rendezvous protocol, for Door_Agent
      entry Select_Arm
        (Order : Door_Alternative_List;
         Wake : Boolean;
         Chosen_Position : out Natural);
      entry Push_Accept_Begin;
      entry Pull_Held;
      procedure Pull_Woken;
      procedure Pull_Take;
      entry Lock_Held;
      procedure Lock_Woken;
      procedure Lock_Take;
      procedure Unlock_Take (Code : out Natural);
      procedure Unlock_Accept_End;
      procedure Unlock_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Unlock_Queue (Code : in Natural);
      entry Reset_Accept_Begin;
      entry Status_Held (S : out Door_State; E : out Natural);
      procedure Status_Woken (S : in Door_State; E : in Natural);
      procedure Status_Take (S : out Door_State; E : out Natural);
      procedure Status_Accept_End (S : in Door_State; E : in Natural);
      procedure Status_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Status_Queue (S : out Door_State; E : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Door_Alternative_List;
         Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Door_Alternative);
      function Queued (Alternative : Door_Alternative) return Boolean;
      function Position_Of (Alternative : Door_Alternative) return Natural;
      Armed_List : Door_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Door_Entry := Door_No_Entry;
      Via_Wake : Boolean := False;
      Closed_2 : Boolean := False;
      Pull_Armed : Boolean := False;
      Lock_Armed : Boolean := False;
      Unlock_Armed : Boolean := False;
      Unlock_Code : Natural;
      Unlock_Done : Boolean := False;
      Unlock_Raised : Boolean := False;
      Unlock_Failure : Ada.Exceptions.Exception_Occurrence;
      Status_Armed : Boolean := False;
      Status_S : Door_State;
      Status_E : Natural;
      Status_Done : Boolean := False;
      Status_Raised : Boolean := False;
      Status_Failure : Ada.Exceptions.Exception_Occurrence;
   end Door;
   task Door_Agent is
      --  rdv2po: general scheme agent of Door
      entry Wake_1 (Positive range 1 .. 3);
      entry Wake_2 (Positive range 1 .. 3)
        (Value_1 : out Door_State; Value_2 : out Natural);
   end Door_Agent;
   protected body Door is

      entry Push
        when Closed_2
          or else (Chosen = Door_No_Entry and then Push_Accept_Begin'Count > 0)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Door_Push;
      end Push;

      entry Pull
        when Closed_2
          or else (Chosen = Door_No_Entry
                   and then Pull_Armed
                   and then Pull_Held'Count = 0)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Door_Agent.Wake_1
              (Position_Of ((Id => Door_Pull, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Door_Pull, Index => 0));
         Pull_Woken;
      end Pull;

      entry Pull_Held
        when Closed_2 or else (Chosen = Door_No_Entry and then Pull_Armed)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Door_Pull, Index => 0));
         Pull_Woken;
      end Pull_Held;

      entry Lock
        when Closed_2
          or else (Chosen = Door_No_Entry
                   and then Lock_Armed
                   and then Lock_Held'Count = 0)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Door_Agent.Wake_1
              (Position_Of ((Id => Door_Lock, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Door_Lock, Index => 0));
         Lock_Woken;
      end Lock;

      entry Lock_Held
        when Closed_2 or else (Chosen = Door_No_Entry and then Lock_Armed)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Door_Lock, Index => 0));
         Lock_Woken;
      end Lock_Held;

      entry Unlock (Code : Natural)
        when Closed_2 or else (Chosen = Door_No_Entry and then Unlock_Armed)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Door_Unlock, Index => 0));
         Disarm;
         Chosen := Door_Unlock;
         Unlock_Code := Code;
         Unlock_Done := False;
         requeue Unlock_Queue;
      end Unlock;

      entry Reset
        when Closed_2
          or else (Chosen = Door_No_Entry
                   and then Reset_Accept_Begin'Count > 0)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Door_Reset;
      end Reset;

      entry Status (S : out Door_State; E : out Natural)
        when Closed_2
          or else (Chosen = Door_No_Entry
                   and then Status_Armed
                   and then Status_Held'Count = 0)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Door_Agent.Wake_2
              (Position_Of ((Id => Door_Status, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Door_Status, Index => 0));
         Status_Woken (S, E);
         requeue Status_Queue;
      end Status;

      entry Status_Held (S : out Door_State; E : out Natural)
        when Closed_2 or else (Chosen = Door_No_Entry and then Status_Armed)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Door_Status, Index => 0));
         Status_Woken (S, E);
         requeue Status_Queue;
      end Status_Held;

      entry Select_Arm
        (Order : Door_Alternative_List;
         Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed_2 is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Door_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not Wake then
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
         Via_Wake := Wake and then Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Door_Alternative_List;
         Wake : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Door_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Pull_Armed := False;
         Lock_Armed := False;
         Unlock_Armed := False;
         Status_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Door_Alternative) is
      begin
         case Alternative.Id is
            when Door_Pull =>
               Pull_Armed := True;
            when Door_Lock =>
               Lock_Armed := True;
            when Door_Unlock =>
               Unlock_Armed := True;
            when Door_Status =>
               Status_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Door_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Door_Pull =>
               return Door.Pull'Count + Pull_Held'Count > 0;
            when Door_Lock =>
               return Door.Lock'Count + Lock_Held'Count > 0;
            when Door_Unlock =>
               return Door.Unlock'Count > 0;
            when Door_Status =>
               return Door.Status'Count + Status_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Door_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Push_Accept_Begin
        when Chosen = Door_Push is
      begin
         Chosen := Door_No_Entry;
      end Push_Accept_Begin;

      procedure Pull_Take is
      begin
         Chosen := Door_No_Entry;
      end Pull_Take;

      procedure Pull_Woken is
      begin
         Disarm;
         Chosen := Door_Pull;
      end Pull_Woken;

      procedure Lock_Take is
      begin
         Chosen := Door_No_Entry;
      end Lock_Take;

      procedure Lock_Woken is
      begin
         Disarm;
         Chosen := Door_Lock;
      end Lock_Woken;

      procedure Unlock_Take (Code : out Natural) is
      begin
         Code := Unlock_Code;
         Chosen := Door_No_Entry;
      end Unlock_Take;

      procedure Unlock_Accept_End is
      begin
         Unlock_Done := True;
      end Unlock_Accept_End;

      procedure Unlock_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Unlock_Failure, Occurrence);
         Unlock_Raised := True;
         Unlock_Done := True;
      end Unlock_Failed;

      entry Unlock_Queue (Code : in Natural)
        when Unlock_Done or else Closed_2 is
      begin
         if not Unlock_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Unlock_Done := False;
         if Unlock_Raised then
            Unlock_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Unlock_Failure);
         end if;
      end Unlock_Queue;

      entry Reset_Accept_Begin
        when Chosen = Door_Reset is
      begin
         Chosen := Door_No_Entry;
      end Reset_Accept_Begin;

      procedure Status_Take (S : out Door_State; E : out Natural) is
      begin
         S := Status_S;
         E := Status_E;
         Chosen := Door_No_Entry;
      end Status_Take;

      procedure Status_Woken (S : in Door_State; E : in Natural) is
      begin
         Disarm;
         Chosen := Door_Status;
         Status_S := S;
         Status_E := E;
         Status_Done := False;
      end Status_Woken;

      procedure Status_Accept_End (S : in Door_State; E : in Natural) is
      begin
         Status_S := S;
         Status_E := E;
         Status_Done := True;
      end Status_Accept_End;

      procedure Status_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Status_Failure, Occurrence);
         Status_Raised := True;
         Status_Done := True;
      end Status_Failed;

      entry Status_Queue (S : out Door_State; E : out Natural)
        when Status_Done or else Closed_2 is
      begin
         if not Status_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Status_Done := False;
         if Status_Raised then
            Status_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Status_Failure);
         end if;
         S := Status_S;
         E := Status_E;
      end Status_Queue;

      procedure Close is
      begin
         Closed_2 := True;
      end Close;
   end Door;

   task body Door_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Door_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Door_Closer);
      overriding procedure Finalize (Object : in out Door_Closer) is
      begin
         Door.Close;
      end Finalize;
      Closer : Door_Closer;
      State : Door_State := Closed;
      Alarm : Boolean := False;
      Good : Boolean := False;
      Events : Natural := 0;
   begin
      loop
         if State = Locked then
            if Alarm then
               Door.Reset_Accept_Begin;
               Alarm := False;
            else
               declare
                  Choice : Natural;
               begin
                  Door.Select_Arm
                    (Order => (1 => (Door_Unlock, 0),
                               2 => (Door_Status, 0)),
                     Wake => False,
                     Chosen_Position => Choice);
                  case Choice is
                     when 1 =>
                        declare
                           Code : Natural;
                        begin
                           Door.Unlock_Take (Code);
                           begin
                              Good := Code = 42;
                           exception
                              when Occurrence : others =>
                                 Door.Unlock_Failed (Occurrence);
                                 raise;
                           end;
                           Door.Unlock_Accept_End;
                        end;
                        if Good then
                           State := Closed;
                        else
                           Alarm := True;
                        end if;
                     when 2 =>
                        declare
                           S : Door_State;
                           E : Natural;
                        begin
                           Door.Status_Take (S, E);
                           begin
                              S := State;
                              E := Events;
                           exception
                              when Occurrence : others =>
                                 Door.Status_Failed (Occurrence);
                                 raise;
                           end;
                           Door.Status_Accept_End (S, E);
                        end;
                     when others =>
                        null;
                  end case;
               end;
            end if;
            Events := Events + 1;
         else
            case State is
               when Open =>
                  Door.Push_Accept_Begin;
                  State := Closed;
               when others =>
                  declare
                     Alternatives : constant Door_Alternative_List :=
                       (1 => (Door_Pull, 0),
                        2 => (Door_Lock, 0),
                        3 => (Door_Status, 0));
                     Choice : Natural;
                  begin
                     Door.Select_Arm
                       (Order => Alternatives,
                        Wake => True,
                        Chosen_Position => Choice);
                     if Choice = 0 then
                        select
                           accept Wake_1 (1) do
                              Door.Pull_Woken;
                           end Wake_1;
                           Choice := 1;
                        or
                           accept Wake_1 (2) do
                              Door.Lock_Woken;
                           end Wake_1;
                           Choice := 2;
                        or
                           accept Wake_2 (3)
                             (Value_1 : out Door_State; Value_2 : out Natural) do
                              Door.Status_Woken (Value_1, Value_2);
                              requeue Door.Status_Queue;
                           end Wake_2;
                           Choice := 3;
                        or
                           terminate;
                        end select;
                        --  rdv2po: callers that came too early wait in the object again
                        loop
                           select
                              accept Wake_1 (1) do
                                 requeue Door.Pull_Held with abort;
                              end Wake_1;
                           or
                              accept Wake_1 (2) do
                                 requeue Door.Lock_Held with abort;
                              end Wake_1;
                           or
                              accept Wake_2 (3)
                                (Value_1 : out Door_State; Value_2 : out Natural) do
                                 requeue Door.Status_Held with abort;
                              end Wake_2;
                           else
                              exit;
                           end select;
                        end loop;
                     end if;
                     case Choice is
                        when 1 =>
                           Door.Pull_Take;
                           State := Open;
                        when 2 =>
                           Door.Lock_Take;
                           State := Locked;
                        when 3 =>
                           declare
                              S : Door_State;
                              E : Natural;
                           begin
                              Door.Status_Take (S, E);
                              begin
                                 S := State;
                                 E := Events;
                              exception
                                 when Occurrence : others =>
                                    Door.Status_Failed (Occurrence);
                                    raise;
                              end;
                              Door.Status_Accept_End (S, E);
                           end;
                        when others =>
                           null;
                     end case;
                  end;
            end case;
         end if;
      end loop;
   end Door_Agent;

   N : Natural;
   S : Door_State;
begin
   for I in 1 .. 3 loop
      Batcher.Put (I);
   end loop;
   select
      Batcher.Put (10);
      Put_Line ("a fourth Put before Flush");
   or
      delay 0.05;
      Put_Line ("Put refused until Flush");
   end select;
   Batcher.Flush;
   Batcher.Put (4);
   select
      Batcher.Flush;
      Put_Line ("Flush after one Put");
   else
      Put_Line ("Flush refused after one Put");
   end select;
   Batcher.Sum (N);
   Put_Line ("sum" & Natural'Image (N));

   Meter.Add (3);
   select
      Meter.Drain;
      Put_Line ("drained at 3");
   else
      Put_Line ("no Drain at 3");
   end select;
   Meter.Add (4);
   Meter.Warned;
   Meter.Read (N);
   Put_Line ("meter" & Natural'Image (N));
   Meter.Warned;
   Meter.Add (5);
   select
      Meter.Add (1);
      Put_Line ("Add above 10");
   or
      delay 0.05;
      Put_Line ("Add refused above 10");
   end select;
   Meter.Drain;
   Meter.Add (6);
   Meter.Drain;
   Meter.Read (N);
   Put_Line ("meter" & Natural'Image (N));

   Door.Pull;
   Door.Push;
   Door.Lock;
   Door.Status (S, N);
   Put_Line ("door " & Door_State'Image (S) & Natural'Image (N));
   select
      Door.Pull;
      Put_Line ("pulled a locked door");
   else
      Put_Line ("Pull refused while locked");
   end select;
   Door.Unlock (7);
   select
      Door.Status (S, N);
      Put_Line ("status during the alarm");
   else
      Put_Line ("Status refused during the alarm");
   end select;
   Door.Reset;
   Door.Unlock (42);
   Door.Status (S, N);
   Put_Line ("door " & Door_State'Image (S) & Natural'Image (N));
   Put_Line ("PASSED");
end Main;
