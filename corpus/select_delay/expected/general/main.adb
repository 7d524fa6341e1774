--  A watchdog server: its select has an "or delay 0.05;" alternative that
--  counts timeouts.  The number of timeouts depends on timing, so it is
--  never printed; the program only prints whether at least one timeout was
--  observed, and it waits for one on purpose (Wait_Timeout is guarded by
--  Timeouts > 0), which makes that answer always True.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   type Watchdog_Entry is
     (Watchdog_No_Entry,
      Watchdog_Kick,
      Watchdog_Wait_Timeout,
      Watchdog_Total,
      Watchdog_Stop);
   type Watchdog_Alternative is record
      Id : Watchdog_Entry := Watchdog_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Watchdog_Alternative_List is array (Positive range <>) of Watchdog_Alternative;
   --  rdv2po: task Watchdog became this protected object; its code runs in the
   --  task Watchdog_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Watchdog is
      entry Kick (Amount : Positive);
      entry Wait_Timeout;
      entry Total (Kicks : out Natural; Sum : out Natural);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Watchdog_Agent
      entry Select_Arm
        (Order : Watchdog_Alternative_List;
         Chosen_Position : out Natural);
      procedure Kick_Take (Amount : out Positive);
      procedure Kick_Accept_End;
      procedure Kick_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Kick_Queue (Amount : in Positive);
      procedure Wait_Timeout_Take;
      procedure Total_Take (Kicks : out Natural; Sum : out Natural);
      procedure Total_Accept_End (Kicks : in Natural; Sum : in Natural);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (Kicks : out Natural; Sum : out Natural);
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
      Armed_List : Watchdog_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Watchdog_Entry := Watchdog_No_Entry;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Kick_Armed : Boolean := False;
      Kick_Amount : Positive;
      Kick_Done : Boolean := False;
      Kick_Raised : Boolean := False;
      Kick_Failure : Ada.Exceptions.Exception_Occurrence;
      Wait_Timeout_Armed : Boolean := False;
      Total_Armed : Boolean := False;
      Total_Kicks : Natural;
      Total_Sum : Natural;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Watchdog;
   task Watchdog_Agent is
      --  rdv2po: general scheme agent of Watchdog
   end Watchdog_Agent;

   protected body Watchdog is

      entry Kick (Amount : Positive)
        when Closed
          or else (Chosen = Watchdog_No_Entry
                   and then ((Kick_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watchdog_Kick, Index => 0));
         Disarm;
         Chosen := Watchdog_Kick;
         Kick_Amount := Amount;
         Kick_Done := False;
         requeue Kick_Queue;
      end Kick;

      entry Wait_Timeout
        when Closed
          or else (Chosen = Watchdog_No_Entry
                   and then ((Wait_Timeout_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watchdog_Wait_Timeout, Index => 0));
         Disarm;
         Chosen := Watchdog_Wait_Timeout;
      end Wait_Timeout;

      entry Total (Kicks : out Natural; Sum : out Natural)
        when Closed
          or else (Chosen = Watchdog_No_Entry
                   and then ((Total_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Watchdog_Total, Index => 0));
         Disarm;
         Chosen := Watchdog_Total;
         Total_Kicks := Kicks;
         Total_Sum := Sum;
         Total_Done := False;
         requeue Total_Queue;
      end Total;

      entry Stop
        when Closed
          or else (Chosen = Watchdog_No_Entry
                   and then ((Stop_Armed and then (not Timed or else Select_Wait'Count > 0))))
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
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Watchdog_No_Entry then
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
        (Order : Watchdog_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Watchdog_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Kick_Armed := False;
         Wait_Timeout_Armed := False;
         Total_Armed := False;
         Stop_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Watchdog_Alternative) is
      begin
         case Alternative.Id is
            when Watchdog_Kick =>
               Kick_Armed := True;
            when Watchdog_Wait_Timeout =>
               Wait_Timeout_Armed := True;
            when Watchdog_Total =>
               Total_Armed := True;
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
            when Watchdog_Wait_Timeout =>
               return Watchdog.Wait_Timeout'Count > 0;
            when Watchdog_Total =>
               return Watchdog.Total'Count > 0;
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

      procedure Kick_Take (Amount : out Positive) is
      begin
         Amount := Kick_Amount;
         Chosen := Watchdog_No_Entry;
      end Kick_Take;

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

      entry Kick_Queue (Amount : in Positive)
        when Kick_Done or else Closed is
      begin
         if not Kick_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Kick_Done := False;
         if Kick_Raised then
            Kick_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Kick_Failure);
         end if;
      end Kick_Queue;

      procedure Wait_Timeout_Take is
      begin
         Chosen := Watchdog_No_Entry;
      end Wait_Timeout_Take;

      procedure Total_Take (Kicks : out Natural; Sum : out Natural) is
      begin
         Kicks := Total_Kicks;
         Sum := Total_Sum;
         Chosen := Watchdog_No_Entry;
      end Total_Take;

      procedure Total_Accept_End (Kicks : in Natural; Sum : in Natural) is
      begin
         Total_Kicks := Kicks;
         Total_Sum := Sum;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (Kicks : out Natural; Sum : out Natural)
        when Total_Done or else Closed is
      begin
         if not Total_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Total_Done := False;
         if Total_Raised then
            Total_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Total_Failure);
         end if;
         Kicks := Total_Kicks;
         Sum := Total_Sum;
      end Total_Queue;

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
      Kicks    : Natural := 0;
      Sum      : Natural := 0;
      Timeouts : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            select
               Watchdog.Select_Arm
                 (Order => (1 => (Watchdog_Kick, 0),
                            2 => ((if Timeouts > 0 then Watchdog_Wait_Timeout else Watchdog_No_Entry), 0),
                            3 => (Watchdog_Total, 0),
                            4 => (Watchdog_Stop, 0)),
                  Chosen_Position => Choice);
            or
               delay 0.05;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  declare
                     Amount : Positive;
                  begin
                     Watchdog.Kick_Take (Amount);
                     begin
                        Sum := Sum + Amount;
                     exception
                        when Occurrence : others =>
                           Watchdog.Kick_Failed (Occurrence);
                           raise;
                     end;
                     Watchdog.Kick_Accept_End;
                  end;
                  Kicks := Kicks + 1;
               when 2 =>
                  Watchdog.Wait_Timeout_Take;
               when 3 =>
                  Total_Parameters : declare
                     Kicks : Natural;
                     Sum : Natural;
                  begin
                     Watchdog.Total_Take (Kicks, Sum);
                     begin
                        Total_Parameters.Kicks := Watchdog_Agent.Kicks;
                        Total_Parameters.Sum := Watchdog_Agent.Sum;
                     exception
                        when Occurrence : others =>
                           Watchdog.Total_Failed (Occurrence);
                           raise;
                     end;
                     Watchdog.Total_Accept_End (Kicks, Sum);
                  end Total_Parameters;
               when 4 =>
                  Watchdog.Stop_Take;
                  exit;
               when others =>
                  Timeouts := Timeouts + 1;
            end case;
         end;
      end loop;
   end Watchdog_Agent;

   Kicks : Natural;
   Sum   : Natural;

begin
   for I in 1 .. 10 loop
      Watchdog.Kick (I);
   end loop;
   Watchdog.Wait_Timeout;
   Ada.Text_IO.Put_Line ("Timeout observed: TRUE");
   Watchdog.Kick (100);
   Watchdog.Total (Kicks, Sum);
   Watchdog.Stop;
   Ada.Text_IO.Put_Line ("Kicks:" & Natural'Image (Kicks));
   Ada.Text_IO.Put_Line ("Sum:" & Natural'Image (Sum));
   if Kicks = 11 and then Sum = 155 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
