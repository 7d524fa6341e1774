--  An elevator controller with an entry family indexed by floor: riders
--  queue on Call (Floor); the controller sweeps up once, serving a
--  floor when Call (F)'Count > 0 with a conditional selective accept inside
--  for loops.  Riders queued on one floor are all taken at once.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   subtype Floor is Integer range 0 .. 5;
   Riders_Total : constant := 9;

   type Elevator_Entry is
     (Elevator_No_Entry,
      Elevator_Call,
      Elevator_Start,
      Elevator_Done);
   type Elevator_Alternative is record
      Id : Elevator_Entry := Elevator_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Elevator_Alternative_List is array (Positive range <>) of Elevator_Alternative;
   type Elevator_Call_Set is array (Floor) of Boolean;
   --  rdv2po: task Elevator became this protected object; its code runs in the
   --  task Elevator_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Elevator is
      entry Call (Floor) (Rider : Positive; Ride_No : out Positive);
      entry Start (Expected : Natural);
      entry Done;
      --  rdv2po: the rendezvous protocol, for Elevator_Agent
      entry Select_Arm
        (Order : Elevator_Alternative_List;
         Chosen_Position : out Natural);
      procedure Call_Take (Rider : out Positive; Ride_No : out Positive);
      procedure Call_Accept_End (Ride_No : in Positive);
      procedure Call_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Call_Queue (Rider : in Positive; Ride_No : out Positive);
      function Call_Count (Index : Floor) return Natural;
      entry Start_Accept_Begin (Expected : out Natural);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Expected : in Natural);
      entry Done_Accept_Begin;
      procedure Close;
   private
      entry Select_Wait
        (Order : Elevator_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Elevator_Alternative);
      function Queued_2 (Alternative : Elevator_Alternative) return Boolean;
      function Position_Of (Alternative : Elevator_Alternative) return Natural;
      Armed_List : Elevator_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Elevator_Entry := Elevator_No_Entry;
      Closed : Boolean := False;
      Call_Armed : Elevator_Call_Set := (others => False);
      Call_Rider : Positive;
      Call_Ride_No : Positive;
      Call_Done : Boolean := False;
      Call_Raised : Boolean := False;
      Call_Failure : Ada.Exceptions.Exception_Occurrence;
      Start_Expected : Natural;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
   end Elevator;
   task Elevator_Agent is
      --  rdv2po: general scheme agent of Elevator
   end Elevator_Agent;

   protected body Elevator is

      entry Call (for Member in Floor) (Rider : Positive; Ride_No : out Positive)
        when Closed
          or else (Chosen = Elevator_No_Entry and then Call_Armed (Member))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Elevator_Call, Index => Floor'Pos (Member)));
         Disarm;
         Chosen := Elevator_Call;
         Call_Rider := Rider;
         Call_Ride_No := Ride_No;
         Call_Done := False;
         requeue Call_Queue;
      end Call;

      entry Start (Expected : Natural)
        when Closed
          or else (Chosen = Elevator_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Elevator_Start;
         Start_Expected := Expected;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Done
        when Closed
          or else (Chosen = Elevator_No_Entry
                   and then Done_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Elevator_Done;
      end Done;

      entry Select_Arm
        (Order : Elevator_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Elevator_No_Entry then
               if Found = 0 and then Queued_2 (Order (K)) then
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
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Elevator_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Elevator_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Call_Armed := (others => False);
      end Disarm;

      procedure Arm (Alternative : Elevator_Alternative) is
      begin
         case Alternative.Id is
            when Elevator_Call =>
               Call_Armed (Floor'Val (Alternative.Index)) := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued_2 (Alternative : Elevator_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Elevator_Call =>
               return Elevator.Call (Floor'Val (Alternative.Index))'Count > 0;
            when others =>
               return False;
         end case;
      end Queued_2;

      function Position_Of (Alternative : Elevator_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Call_Take (Rider : out Positive; Ride_No : out Positive) is
      begin
         Rider := Call_Rider;
         Ride_No := Call_Ride_No;
         Chosen := Elevator_No_Entry;
      end Call_Take;

      procedure Call_Accept_End (Ride_No : in Positive) is
      begin
         Call_Ride_No := Ride_No;
         Call_Done := True;
      end Call_Accept_End;

      procedure Call_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Call_Failure, Occurrence);
         Call_Raised := True;
         Call_Done := True;
      end Call_Failed;

      entry Call_Queue (Rider : in Positive; Ride_No : out Positive)
        when Call_Done or else Closed is
      begin
         if not Call_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Call_Done := False;
         if Call_Raised then
            Call_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Call_Failure);
         end if;
         Ride_No := Call_Ride_No;
      end Call_Queue;

      function Call_Count (Index : Floor) return Natural is
      begin
         return Elevator.Call (Index)'Count;
      end Call_Count;

      entry Start_Accept_Begin (Expected : out Natural)
        when Chosen = Elevator_Start is
      begin
         Expected := Start_Expected;
         Chosen := Elevator_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (Expected : in Natural)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      entry Done_Accept_Begin
        when Chosen = Elevator_Done is
      begin
         Chosen := Elevator_No_Entry;
      end Done_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Elevator;

   task body Elevator_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Elevator_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Elevator_Closer);
      overriding procedure Finalize (Object : in out Elevator_Closer) is
      begin
         Elevator.Close;
      end Finalize;
      Closer : Elevator_Closer;
      Waiting_For : Natural;
      Served      : Natural := 0;
      Rides       : Natural := 0;

      Taken       : Natural;
      Queued      : Natural;
   begin
      declare
         Expected : Natural;
      begin
         Elevator.Start_Accept_Begin (Expected);
         begin
            Waiting_For := Expected;
         exception
            when Occurrence : others =>
               Elevator.Start_Failed (Occurrence);
               raise;
         end;
         Elevator.Start_Accept_End;
      end;
      loop
         Queued := 0;
         for F in Floor loop
            Queued := Queued + Elevator.Call_Count (F);
         end loop;
         exit when Queued >= Waiting_For;
         delay 0.005;
      end loop;
      Put_Line ("going up");
      for F in Floor loop
         Taken := 0;
         while Elevator.Call_Count (F) > 0 loop
            declare
               Choice : Natural;
            begin
               Elevator.Select_Arm
                 (Order => (1 => (Elevator_Call, Floor'Pos (F))),
                  Chosen_Position => Choice);
               case Choice is
                  when 1 =>
                     declare
                        Rider : Positive;
                        Ride_No : Positive;
                     begin
                        Elevator.Call_Take (Rider, Ride_No);
                        begin
                           Rides := Rides + 1;
                           Ride_No := Rides;
                        exception
                           when Occurrence : others =>
                              Elevator.Call_Failed (Occurrence);
                              raise;
                        end;
                        Elevator.Call_Accept_End (Ride_No);
                     end;
                     Taken := Taken + 1;
                  when others =>
                     exit;
               end case;
            end;
         end loop;
         if Taken > 0 then
            Put_Line ("stop at floor" & Floor'Image (F) & ":" &
                      Natural'Image (Taken) & " rider(s)");
            Served := Served + Taken;
         end if;
      end loop;
      Put_Line ("served" & Natural'Image (Served) & " of" & Natural'Image (Waiting_For));
      Elevator.Done_Accept_Begin;
   end Elevator_Agent;

   type Floor_List is array (1 .. Riders_Total) of Floor;
   Where : constant Floor_List := (3, 1, 3, 5, 0, 3, 1, 4, 5);

   protected Log is
      procedure Rode (Rider, Ride : Positive);
      function Sum return Natural;
   private
      Total : Natural := 0;
   end Log;
   protected body Log is
      procedure Rode (Rider, Ride : Positive) is
      begin
         Total := Total + Rider * Ride;
      end Rode;
      function Sum return Natural is (Total);
   end Log;

begin
   declare
      task type Rider (Id : Positive);
      task body Rider is
         No : Positive;
      begin
         Elevator.Call (Where (Id)) (Id, No);
         Log.Rode (1, No);
      end Rider;
      type Rider_Ptr is access Rider;
      R : Rider_Ptr;
   begin
      for I in Where'Range loop
         R := new Rider (I);
      end loop;
      Elevator.Start (Riders_Total);
   end;
   Elevator.Done;
   Put_Line ("ride numbers add up to" & Natural'Image (Log.Sum));
end Main;
