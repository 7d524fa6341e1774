--  A watchdog counts the periods of 0.2 s in which nobody kicked it.  The
--  main waits with relative delays and measures with Ada.Calendar.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Calendar; use Ada.Calendar;
with Ada.Text_IO;  use Ada.Text_IO;

procedure Main is

   type Dog_Entry is (Dog_No_Entry, Dog_Kick, Dog_Misses, Dog_Stop);
   type Dog_Alternative is record
      Id : Dog_Entry := Dog_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Dog_Alternative_List is array (Positive range <>) of Dog_Alternative;
   --  rdv2po: task Dog became this protected object; its code runs in the task
   --  Dog_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Dog is
      entry Kick;
      entry Misses (N : out Natural);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Dog_Agent
      entry Select_Arm
        (Order : Dog_Alternative_List;
         Chosen_Position : out Natural);
      procedure Kick_Take;
      procedure Misses_Take (N : out Natural);
      procedure Misses_Accept_End (N : in Natural);
      procedure Misses_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Misses_Queue (N : out Natural);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Dog_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Dog_Alternative);
      function Queued (Alternative : Dog_Alternative) return Boolean;
      function Position_Of (Alternative : Dog_Alternative) return Natural;
      Armed_List : Dog_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Dog_Entry := Dog_No_Entry;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Kick_Armed : Boolean := False;
      Misses_Armed : Boolean := False;
      Misses_N : Natural;
      Misses_Done : Boolean := False;
      Misses_Raised : Boolean := False;
      Misses_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Dog;
   task Dog_Agent is
      --  rdv2po: general scheme agent of Dog
   end Dog_Agent;

   protected body Dog is

      entry Kick
        when Closed
          or else (Chosen = Dog_No_Entry
                   and then ((Kick_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dog_Kick, Index => 0));
         Disarm;
         Chosen := Dog_Kick;
      end Kick;

      entry Misses (N : out Natural)
        when Closed
          or else (Chosen = Dog_No_Entry
                   and then ((Misses_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dog_Misses, Index => 0));
         Disarm;
         Chosen := Dog_Misses;
         Misses_N := N;
         Misses_Done := False;
         requeue Misses_Queue;
      end Misses;

      entry Stop
        when Closed
          or else (Chosen = Dog_No_Entry
                   and then ((Stop_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dog_Stop, Index => 0));
         Disarm;
         Chosen := Dog_Stop;
      end Stop;

      entry Select_Arm
        (Order : Dog_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Dog_No_Entry then
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
         Timed := Found = 0;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Dog_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Dog_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Kick_Armed := False;
         Misses_Armed := False;
         Stop_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Dog_Alternative) is
      begin
         case Alternative.Id is
            when Dog_Kick =>
               Kick_Armed := True;
            when Dog_Misses =>
               Misses_Armed := True;
            when Dog_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Dog_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Dog_Kick =>
               return Dog.Kick'Count > 0;
            when Dog_Misses =>
               return Dog.Misses'Count > 0;
            when Dog_Stop =>
               return Dog.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Dog_Alternative) return Natural is
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
         Chosen := Dog_No_Entry;
      end Kick_Take;

      procedure Misses_Take (N : out Natural) is
      begin
         N := Misses_N;
         Chosen := Dog_No_Entry;
      end Misses_Take;

      procedure Misses_Accept_End (N : in Natural) is
      begin
         Misses_N := N;
         Misses_Done := True;
      end Misses_Accept_End;

      procedure Misses_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Misses_Failure, Occurrence);
         Misses_Raised := True;
         Misses_Done := True;
      end Misses_Failed;

      entry Misses_Queue (N : out Natural)
        when Misses_Done or else Closed is
      begin
         if not Misses_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Misses_Done := False;
         if Misses_Raised then
            Misses_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Misses_Failure);
         end if;
         N := Misses_N;
      end Misses_Queue;

      procedure Stop_Take is
      begin
         Chosen := Dog_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Dog;

   task body Dog_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Dog_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Dog_Closer);
      overriding procedure Finalize (Object : in out Dog_Closer) is
      begin
         Dog.Close;
      end Finalize;
      Closer : Dog_Closer;
      Missed : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            select
               Dog.Select_Arm
                 (Order => (1 => (Dog_Kick, 0),
                            2 => (Dog_Misses, 0),
                            3 => (Dog_Stop, 0)),
                  Chosen_Position => Choice);
            or
               delay 0.2;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  Dog.Kick_Take;
               when 2 =>
                  declare
                     N : Natural;
                  begin
                     Dog.Misses_Take (N);
                     begin
                        N := Missed;
                     exception
                        when Occurrence : others =>
                           Dog.Misses_Failed (Occurrence);
                           raise;
                     end;
                     Dog.Misses_Accept_End (N);
                  end;
               when 3 =>
                  Dog.Stop_Take;
                  exit;
               when others =>
                  Missed := Missed + 1;
            end case;
         end;
      end loop;
   end Dog_Agent;

   Start : constant Time := Clock;
   N     : Natural;

begin
   for I in 1 .. 5 loop
      Dog.Kick;
      delay 0.001;
   end loop;
   delay 0.5;
   Dog.Misses (N);
   Dog.Stop;
   Put_Line ("missed some periods: " & Boolean'Image (N >= 1));
   Put_Line ("time went on: " & Boolean'Image (Clock - Start >= 0.5));
   Put_Line ("PASSED");
end Main;
