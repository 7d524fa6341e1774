--  When a selective accept starts, it evaluates the guards of its
--  alternatives and, for each open one that accepts a member of an entry
--  family, the family index, which comes only after its own guard
--  (RM 9.7.1(15)).  Every guard and every index here is a function call
--  that writes a letter into a trace: a capital for guard N, the small
--  letter for index N.  Crossing waits until Main has called Arrive, so
--  the select takes that call; Main then checks the trace.

with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Lane is (North, South);

   Trace : String (1 .. 6) := (others => '.');
   Used  : Natural := 0;

   procedure Mark (Letter : Character) is
   begin
      Used := Used + 1;
      Trace (Used) := Letter;
   end Mark;

   function Guard (Letter : Character) return Boolean is
   begin
      Mark (Letter);
      return True;
   end Guard;

   function Index (Letter : Character; Which : Lane) return Lane is
   begin
      Mark (Letter);
      return Which;
   end Index;

   function Place (Letter : Character) return Natural is
   begin
      for K in Trace'Range loop
         if Trace (K) = Letter then
            return K;
         end if;
      end loop;
      return 0;
   end Place;

   In_Order : Boolean := True;

begin
   declare
      type Crossing_Entry is
        (Crossing_No_Entry,
         Crossing_Pass,
         Crossing_Arrive);
      type Crossing_Alternative is record
         Id : Crossing_Entry := Crossing_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Crossing_Alternative_List is array (Positive range <>) of Crossing_Alternative;
      type Crossing_Pass_Set is array (Lane) of Boolean;
      --  rdv2po: task Crossing became this protected object; its code runs in
      --  the task Crossing_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Crossing is
         entry Pass (Lane);
         entry Arrive;
         --  rdv2po: the rendezvous protocol, for Crossing_Agent
         entry Select_Arm
           (Order : Crossing_Alternative_List;
            Chosen_Position : out Natural);
         procedure Pass_Take;
         procedure Arrive_Take;
         function Arrive_Count return Natural;
         procedure Close;
      private
         entry Select_Wait
           (Order : Crossing_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Crossing_Alternative);
         function Queued (Alternative : Crossing_Alternative) return Boolean;
         function Position_Of (Alternative : Crossing_Alternative) return Natural;
         Armed_List : Crossing_Alternative_List (1 .. 4);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Crossing_Entry := Crossing_No_Entry;
         Closed : Boolean := False;
         Pass_Armed : Crossing_Pass_Set := (others => False);
         Arrive_Armed : Boolean := False;
      end Crossing;
      task Crossing_Agent is
         --  rdv2po: general scheme agent of Crossing
      end Crossing_Agent;

      protected body Crossing is

         entry Pass (for Member in Lane)
           when Closed
             or else (Chosen = Crossing_No_Entry and then Pass_Armed (Member))
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Crossing_Pass, Index => Lane'Pos (Member)));
            Disarm;
            Chosen := Crossing_Pass;
         end Pass;

         entry Arrive
           when Closed
             or else (Chosen = Crossing_No_Entry and then Arrive_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Crossing_Arrive, Index => 0));
            Disarm;
            Chosen := Crossing_Arrive;
         end Arrive;

         entry Select_Arm
           (Order : Crossing_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
            Any_Open : Boolean := False;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Crossing_No_Entry then
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
            requeue Select_Wait with abort;
         end Select_Arm;

         entry Select_Wait
           (Order : Crossing_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Crossing_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Pass_Armed := (others => False);
            Arrive_Armed := False;
         end Disarm;

         procedure Arm (Alternative : Crossing_Alternative) is
         begin
            case Alternative.Id is
               when Crossing_Pass =>
                  Pass_Armed (Lane'Val (Alternative.Index)) := True;
               when Crossing_Arrive =>
                  Arrive_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Crossing_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Crossing_Pass =>
                  return Crossing.Pass (Lane'Val (Alternative.Index))'Count > 0;
               when Crossing_Arrive =>
                  return Crossing.Arrive'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Crossing_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Pass_Take is
         begin
            Chosen := Crossing_No_Entry;
         end Pass_Take;

         procedure Arrive_Take is
         begin
            Chosen := Crossing_No_Entry;
         end Arrive_Take;

         function Arrive_Count return Natural is
         begin
            return Crossing.Arrive'Count;
         end Arrive_Count;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Crossing;

      task body Crossing_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Crossing_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Crossing_Closer);
         overriding procedure Finalize (Object : in out Crossing_Closer) is
         begin
            Crossing.Close;
         end Finalize;
         Closer : Crossing_Closer;
      begin
         while Crossing.Arrive_Count = 0 loop
            delay 0.005;
         end loop;

         declare
            Choice : Natural;
         begin
            Crossing.Select_Arm
              (Order => (1 => (Crossing_Arrive, 0),
                         2 => (if Guard ('A') then (Crossing_Pass, Lane'Pos (Index ('a', North))) else (Crossing_No_Entry, 0)),
                         3 => (if Guard ('B') then (Crossing_Pass, Lane'Pos (Index ('b', South))) else (Crossing_No_Entry, 0)),
                         4 => (if Guard ('C') then (Crossing_Pass, Lane'Pos (Index ('c', North))) else (Crossing_No_Entry, 0))),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  Crossing.Arrive_Take;
               when 2 =>
                  Crossing.Pass_Take;
               when 3 =>
                  Crossing.Pass_Take;
               when 4 =>
                  Crossing.Pass_Take;
               when others =>
                  null;
            end case;
         end;
      end Crossing_Agent;
   begin
      Crossing.Arrive;
   end;

   Put_Line ("guards and indexes evaluated in the order " & Trace);
   for N in 0 .. 2 loop
      declare
         Guard_Letter : constant Character := Character'Val (Character'Pos ('A') + N);
         Index_Letter : constant Character := Character'Val (Character'Pos ('a') + N);
      begin
         if Place (Guard_Letter) = 0 or else Place (Index_Letter) < Place (Guard_Letter) then
            In_Order := False;
         end if;
      end;
   end loop;
   if In_Order then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
