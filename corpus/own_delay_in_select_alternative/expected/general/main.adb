--  A delay statement inside the alternatives of a selective accept: after
--  the accept of a select that also offers terminate (Sleeper), and after
--  the accept of a select with an else part, then in the else part of a
--  second one (Poller).  Every delay must last at least as long as asked,
--  and Poller, which first waits until its caller is queued, must take the
--  accept the first time and the else part the second.  The tasks note
--  what happened; Main reports once both blocks are left.

with Ada.Finalization;
with Ada.Real_Time; use Ada.Real_Time;
with Ada.Text_IO;   use Ada.Text_IO;

procedure Main is

   Pause : constant Time_Span := Milliseconds (50);

   Sleeper_Accepted : Boolean := False;
   Poller_Accepted  : Boolean := False;
   Poller_Skipped   : Boolean := False;
   Short_Delays     : Natural := 0;

   procedure Check_Pause (Since : Time) is
   begin
      if Clock - Since < Pause then
         Short_Delays := Short_Delays + 1;
      end if;
   end Check_Pause;

begin
   declare
      type Sleeper_Entry is (Sleeper_No_Entry, Sleeper_Wake);
      type Sleeper_Alternative is record
         Id : Sleeper_Entry := Sleeper_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Sleeper_Alternative_List is array (Positive range <>) of Sleeper_Alternative;
      --  rdv2po: task Sleeper became this protected object; its code runs in
      --  the task Sleeper_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Sleeper is
         entry Wake;
         --  rdv2po: the rendezvous protocol, for Sleeper_Agent
         entry Select_Arm
           (Order : Sleeper_Alternative_List;
            Chosen_Position : out Natural);
         entry Wake_Held;
         procedure Wake_Woken;
         procedure Wake_Take;
         procedure Close;
      private
         entry Select_Wait
           (Order : Sleeper_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Sleeper_Alternative);
         function Queued (Alternative : Sleeper_Alternative) return Boolean;
         function Position_Of (Alternative : Sleeper_Alternative) return Natural;
         Armed_List : Sleeper_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Sleeper_Entry := Sleeper_No_Entry;
         Via_Wake : Boolean := False;
         Closed : Boolean := False;
         Wake_Armed : Boolean := False;
      end Sleeper;
      task Sleeper_Agent is
         --  rdv2po: general scheme agent of Sleeper
         entry Wake_1 (Positive range 1 .. 1);
      end Sleeper_Agent;

      protected body Sleeper is

         entry Wake
           when Closed
             or else (Chosen = Sleeper_No_Entry
                      and then Wake_Armed
                      and then Wake_Held'Count = 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            if Via_Wake then
               requeue Sleeper_Agent.Wake_1
                 (Position_Of ((Id => Sleeper_Wake, Index => 0))) with abort;
            end if;
            Position := Position_Of ((Id => Sleeper_Wake, Index => 0));
            Wake_Woken;
         end Wake;

         entry Wake_Held
           when Closed or else (Chosen = Sleeper_No_Entry and then Wake_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Sleeper_Wake, Index => 0));
            Wake_Woken;
         end Wake_Held;

         entry Select_Arm
           (Order : Sleeper_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Sleeper_No_Entry then
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
           (Order : Sleeper_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Sleeper_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Wake_Armed := False;
            Via_Wake := False;
         end Disarm;

         procedure Arm (Alternative : Sleeper_Alternative) is
         begin
            case Alternative.Id is
               when Sleeper_Wake =>
                  Wake_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Sleeper_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Sleeper_Wake =>
                  return Sleeper.Wake'Count + Wake_Held'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Sleeper_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Wake_Take is
         begin
            Chosen := Sleeper_No_Entry;
         end Wake_Take;

         procedure Wake_Woken is
         begin
            Disarm;
            Chosen := Sleeper_Wake;
         end Wake_Woken;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Sleeper;

      task body Sleeper_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Sleeper_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Sleeper_Closer);
         overriding procedure Finalize (Object : in out Sleeper_Closer) is
         begin
            Sleeper.Close;
         end Finalize;
         Closer : Sleeper_Closer;
         Start : Time;
      begin
         declare
            Alternatives : constant Sleeper_Alternative_List :=
              (1 => (Sleeper_Wake, 0));
            Choice : Natural;
         begin
            Sleeper.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Sleeper.Wake_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Sleeper.Wake_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Sleeper.Wake_Take;
                  Sleeper_Accepted := True;
                  Start := Clock;
                  delay To_Duration (Pause);
                  Check_Pause (Start);
               when others =>
                  null;
            end case;
         end;
      end Sleeper_Agent;
   begin
      Sleeper.Wake;
   end;

   declare
      type Poller_Entry is (Poller_No_Entry, Poller_Ring);
      type Poller_Alternative is record
         Id : Poller_Entry := Poller_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Poller_Alternative_List is array (Positive range <>) of Poller_Alternative;
      --  rdv2po: task Poller became this protected object; its code runs in
      --  the task Poller_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Poller is
         entry Ring;
         --  rdv2po: the rendezvous protocol, for Poller_Agent
         entry Select_Arm
           (Order : Poller_Alternative_List;
            Chosen_Position : out Natural);
         procedure Ring_Take;
         function Ring_Count return Natural;
         procedure Close;
      private
         entry Select_Wait
           (Order : Poller_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Poller_Alternative);
         function Queued (Alternative : Poller_Alternative) return Boolean;
         function Position_Of (Alternative : Poller_Alternative) return Natural;
         Armed_List : Poller_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Poller_Entry := Poller_No_Entry;
         Closed : Boolean := False;
         Ring_Armed : Boolean := False;
      end Poller;
      task Poller_Agent is
         --  rdv2po: general scheme agent of Poller
      end Poller_Agent;

      protected body Poller is

         entry Ring
           when Closed or else (Chosen = Poller_No_Entry and then Ring_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Poller_Ring, Index => 0));
            Disarm;
            Chosen := Poller_Ring;
         end Ring;

         entry Select_Arm
           (Order : Poller_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Poller_No_Entry then
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
               return;
            end if;
            requeue Select_Wait with abort;
         end Select_Arm;

         entry Select_Wait
           (Order : Poller_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Poller_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Ring_Armed := False;
         end Disarm;

         procedure Arm (Alternative : Poller_Alternative) is
         begin
            case Alternative.Id is
               when Poller_Ring =>
                  Ring_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Poller_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Poller_Ring =>
                  return Poller.Ring'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Poller_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Ring_Take is
         begin
            Chosen := Poller_No_Entry;
         end Ring_Take;

         function Ring_Count return Natural is
         begin
            return Poller.Ring'Count;
         end Ring_Count;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Poller;

      task body Poller_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Poller_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Poller_Closer);
         overriding procedure Finalize (Object : in out Poller_Closer) is
         begin
            Poller.Close;
         end Finalize;
         Closer : Poller_Closer;
         Start : Time;
      begin
         --  the else part must not be taken while Main is on its way
         while Poller.Ring_Count = 0 loop
            delay 0.005;
         end loop;

         declare
            Choice : Natural;
         begin
            Poller.Select_Arm
              (Order => (1 => (Poller_Ring, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  Poller.Ring_Take;
                  Poller_Accepted := True;
                  Start := Clock;
                  delay To_Duration (Pause);
                  Check_Pause (Start);
               when others =>
                  null;
            end case;
         end;

         --  nobody calls Ring again: the else part is taken
         declare
            Choice : Natural;
         begin
            Poller.Select_Arm
              (Order => (1 => (Poller_Ring, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  Poller.Ring_Take;
               when others =>
                  Poller_Skipped := True;
                  Start := Clock;
                  delay To_Duration (Pause);
                  Check_Pause (Start);
            end case;
         end;
      end Poller_Agent;
   begin
      Poller.Ring;
   end;

   Put_Line ("accept then delay, beside terminate: " & Boolean'Image (Sleeper_Accepted));
   Put_Line ("accept then delay, beside else: " & Boolean'Image (Poller_Accepted));
   Put_Line ("else part with a delay: " & Boolean'Image (Poller_Skipped));
   Put_Line ("delays shorter than asked:" & Natural'Image (Short_Delays));
   if Sleeper_Accepted and then Poller_Accepted and then Poller_Skipped
     and then Short_Delays = 0
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
