with Ada.Exceptions;
with Ada.Finalization;
package body Lights is

   type Light_Entry is
     (Light_No_Entry,
      Light_To_Green,
      Light_To_Yellow,
      Light_To_Red,
      Light_Query);
   type Light_Alternative is record
      Id : Light_Entry := Light_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Light_Alternative_List is array (Positive range <>) of Light_Alternative;
   --  rdv2po: the rendezvous of task Light, for Light_Agent
   protected Light_Rendezvous is
      entry To_Green (Waiting : in Natural);
      --  open only when Red
      entry To_Yellow;
      --  open only when Green
      entry To_Red (Passed : out Natural);
      --  open only when Yellow
      entry Query (Current : out Color; Changes : out Natural;
                   Trace : out Natural; Cars : out Natural);
      entry Select_Arm
        (Order : Light_Alternative_List;
         Chosen_Position : out Natural);
      entry To_Green_Held (Waiting : in Natural);
      procedure To_Green_Woken (Waiting : in Natural);
      procedure To_Green_Take (Waiting : out Natural);
      procedure To_Green_Accept_End;
      procedure To_Green_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry To_Green_Queue (Waiting : in Natural);
      entry To_Yellow_Held;
      procedure To_Yellow_Woken;
      procedure To_Yellow_Take;
      entry To_Red_Held (Passed : out Natural);
      procedure To_Red_Woken (Passed : in Natural);
      procedure To_Red_Take (Passed : out Natural);
      procedure To_Red_Accept_End (Passed : in Natural);
      procedure To_Red_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry To_Red_Queue (Passed : out Natural);
      entry Query_Held
        (Current : out Color;
         Changes : out Natural;
         Trace : out Natural;
         Cars : out Natural);
      procedure Query_Woken
        (Current : in Color;
         Changes : in Natural;
         Trace : in Natural;
         Cars : in Natural);
      procedure Query_Take
        (Current : out Color;
         Changes : out Natural;
         Trace : out Natural;
         Cars : out Natural);
      procedure Query_Accept_End
        (Current : in Color;
         Changes : in Natural;
         Trace : in Natural;
         Cars : in Natural);
      procedure Query_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Query_Queue
        (Current : out Color;
         Changes : out Natural;
         Trace : out Natural;
         Cars : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Light_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Light_Alternative);
      function Queued (Alternative : Light_Alternative) return Boolean;
      function Position_Of (Alternative : Light_Alternative) return Natural;
      Armed_List : Light_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Light_Entry := Light_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      To_Green_Armed : Boolean := False;
      To_Green_Waiting : Natural;
      To_Green_Done : Boolean := False;
      To_Green_Raised : Boolean := False;
      To_Green_Failure : Ada.Exceptions.Exception_Occurrence;
      To_Yellow_Armed : Boolean := False;
      To_Red_Armed : Boolean := False;
      To_Red_Passed : Natural;
      To_Red_Done : Boolean := False;
      To_Red_Raised : Boolean := False;
      To_Red_Failure : Ada.Exceptions.Exception_Occurrence;
      Query_Armed : Boolean := False;
      Query_Current : Color;
      Query_Changes : Natural;
      Query_Trace : Natural;
      Query_Cars : Natural;
      Query_Done : Boolean := False;
      Query_Raised : Boolean := False;
      Query_Failure : Ada.Exceptions.Exception_Occurrence;
   end Light_Rendezvous;
   task Light_Agent is
      --  rdv2po: general scheme agent of Light_Rendezvous
      entry Wake_1 (Positive range 1 .. 4) (Value_1 : in Natural);
      entry Wake_2 (Positive range 1 .. 4);
      entry Wake_3 (Positive range 1 .. 4) (Value_1 : out Natural);
      entry Wake_4 (Positive range 1 .. 4)
        (Value_1 : out Color;
         Value_2 : out Natural;
         Value_3 : out Natural;
         Value_4 : out Natural);
   end Light_Agent;

   protected body Light is
      --  rdv2po: each call goes on to Light_Rendezvous, as cancellable as it
      --  was
      entry To_Green (Waiting : in Natural) when True is
      begin
         requeue Light_Rendezvous.To_Green with abort;
      end To_Green;

      entry To_Yellow when True is
      begin
         requeue Light_Rendezvous.To_Yellow with abort;
      end To_Yellow;

      entry To_Red (Passed : out Natural) when True is
      begin
         requeue Light_Rendezvous.To_Red with abort;
      end To_Red;

      entry Query
        (Current : out Color;
         Changes : out Natural;
         Trace : out Natural;
         Cars : out Natural)
        when True is
      begin
         requeue Light_Rendezvous.Query with abort;
      end Query;
   end Light;

   protected body Light_Rendezvous is

      entry To_Green (Waiting : in Natural)
        when Closed
          or else (Chosen = Light_No_Entry
                   and then To_Green_Armed
                   and then To_Green_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Light_Agent.Wake_1
              (Position_Of ((Id => Light_To_Green, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Light_To_Green, Index => 0));
         To_Green_Woken (Waiting);
         requeue To_Green_Queue;
      end To_Green;

      entry To_Green_Held (Waiting : in Natural)
        when Closed or else (Chosen = Light_No_Entry and then To_Green_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Light_To_Green, Index => 0));
         To_Green_Woken (Waiting);
         requeue To_Green_Queue;
      end To_Green_Held;

      entry To_Yellow
        when Closed
          or else (Chosen = Light_No_Entry
                   and then To_Yellow_Armed
                   and then To_Yellow_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Light_Agent.Wake_2
              (Position_Of ((Id => Light_To_Yellow, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Light_To_Yellow, Index => 0));
         To_Yellow_Woken;
      end To_Yellow;

      entry To_Yellow_Held
        when Closed or else (Chosen = Light_No_Entry and then To_Yellow_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Light_To_Yellow, Index => 0));
         To_Yellow_Woken;
      end To_Yellow_Held;

      entry To_Red (Passed : out Natural)
        when Closed
          or else (Chosen = Light_No_Entry
                   and then To_Red_Armed
                   and then To_Red_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Light_Agent.Wake_3
              (Position_Of ((Id => Light_To_Red, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Light_To_Red, Index => 0));
         To_Red_Woken (Passed);
         requeue To_Red_Queue;
      end To_Red;

      entry To_Red_Held (Passed : out Natural)
        when Closed or else (Chosen = Light_No_Entry and then To_Red_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Light_To_Red, Index => 0));
         To_Red_Woken (Passed);
         requeue To_Red_Queue;
      end To_Red_Held;

      entry Query
        (Current : out Color;
         Changes : out Natural;
         Trace : out Natural;
         Cars : out Natural)
        when Closed
          or else (Chosen = Light_No_Entry
                   and then Query_Armed
                   and then Query_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Light_Agent.Wake_4
              (Position_Of ((Id => Light_Query, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Light_Query, Index => 0));
         Query_Woken (Current, Changes, Trace, Cars);
         requeue Query_Queue;
      end Query;

      entry Query_Held
        (Current : out Color;
         Changes : out Natural;
         Trace : out Natural;
         Cars : out Natural)
        when Closed or else (Chosen = Light_No_Entry and then Query_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Light_Query, Index => 0));
         Query_Woken (Current, Changes, Trace, Cars);
         requeue Query_Queue;
      end Query_Held;

      entry Select_Arm
        (Order : Light_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Light_No_Entry then
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
        (Order : Light_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Light_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         To_Green_Armed := False;
         To_Yellow_Armed := False;
         To_Red_Armed := False;
         Query_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Light_Alternative) is
      begin
         case Alternative.Id is
            when Light_To_Green =>
               To_Green_Armed := True;
            when Light_To_Yellow =>
               To_Yellow_Armed := True;
            when Light_To_Red =>
               To_Red_Armed := True;
            when Light_Query =>
               Query_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Light_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Light_To_Green =>
               return Light_Rendezvous.To_Green'Count
                 + To_Green_Held'Count > 0;
            when Light_To_Yellow =>
               return Light_Rendezvous.To_Yellow'Count
                 + To_Yellow_Held'Count > 0;
            when Light_To_Red =>
               return Light_Rendezvous.To_Red'Count + To_Red_Held'Count > 0;
            when Light_Query =>
               return Light_Rendezvous.Query'Count + Query_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Light_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure To_Green_Take (Waiting : out Natural) is
      begin
         Waiting := To_Green_Waiting;
         Chosen := Light_No_Entry;
      end To_Green_Take;

      procedure To_Green_Woken (Waiting : in Natural) is
      begin
         Disarm;
         Chosen := Light_To_Green;
         To_Green_Waiting := Waiting;
         To_Green_Done := False;
      end To_Green_Woken;

      procedure To_Green_Accept_End is
      begin
         To_Green_Done := True;
      end To_Green_Accept_End;

      procedure To_Green_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (To_Green_Failure, Occurrence);
         To_Green_Raised := True;
         To_Green_Done := True;
      end To_Green_Failed;

      entry To_Green_Queue (Waiting : in Natural)
        when To_Green_Done or else Closed is
      begin
         if not To_Green_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         To_Green_Done := False;
         if To_Green_Raised then
            To_Green_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (To_Green_Failure);
         end if;
      end To_Green_Queue;

      procedure To_Yellow_Take is
      begin
         Chosen := Light_No_Entry;
      end To_Yellow_Take;

      procedure To_Yellow_Woken is
      begin
         Disarm;
         Chosen := Light_To_Yellow;
      end To_Yellow_Woken;

      procedure To_Red_Take (Passed : out Natural) is
      begin
         Passed := To_Red_Passed;
         Chosen := Light_No_Entry;
      end To_Red_Take;

      procedure To_Red_Woken (Passed : in Natural) is
      begin
         Disarm;
         Chosen := Light_To_Red;
         To_Red_Passed := Passed;
         To_Red_Done := False;
      end To_Red_Woken;

      procedure To_Red_Accept_End (Passed : in Natural) is
      begin
         To_Red_Passed := Passed;
         To_Red_Done := True;
      end To_Red_Accept_End;

      procedure To_Red_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (To_Red_Failure, Occurrence);
         To_Red_Raised := True;
         To_Red_Done := True;
      end To_Red_Failed;

      entry To_Red_Queue (Passed : out Natural)
        when To_Red_Done or else Closed is
      begin
         if not To_Red_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         To_Red_Done := False;
         if To_Red_Raised then
            To_Red_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (To_Red_Failure);
         end if;
         Passed := To_Red_Passed;
      end To_Red_Queue;

      procedure Query_Take
        (Current : out Color;
         Changes : out Natural;
         Trace : out Natural;
         Cars : out Natural) is
      begin
         Current := Query_Current;
         Changes := Query_Changes;
         Trace := Query_Trace;
         Cars := Query_Cars;
         Chosen := Light_No_Entry;
      end Query_Take;

      procedure Query_Woken
        (Current : in Color;
         Changes : in Natural;
         Trace : in Natural;
         Cars : in Natural) is
      begin
         Disarm;
         Chosen := Light_Query;
         Query_Current := Current;
         Query_Changes := Changes;
         Query_Trace := Trace;
         Query_Cars := Cars;
         Query_Done := False;
      end Query_Woken;

      procedure Query_Accept_End
        (Current : in Color;
         Changes : in Natural;
         Trace : in Natural;
         Cars : in Natural) is
      begin
         Query_Current := Current;
         Query_Changes := Changes;
         Query_Trace := Trace;
         Query_Cars := Cars;
         Query_Done := True;
      end Query_Accept_End;

      procedure Query_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Query_Failure, Occurrence);
         Query_Raised := True;
         Query_Done := True;
      end Query_Failed;

      entry Query_Queue
        (Current : out Color;
         Changes : out Natural;
         Trace : out Natural;
         Cars : out Natural)
        when Query_Done or else Closed is
      begin
         if not Query_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Query_Done := False;
         if Query_Raised then
            Query_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Query_Failure);
         end if;
         Current := Query_Current;
         Changes := Query_Changes;
         Trace := Query_Trace;
         Cars := Query_Cars;
      end Query_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Light_Rendezvous;

   task body Light_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Light_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Light_Closer);
      overriding procedure Finalize (Object : in out Light_Closer) is
      begin
         Light_Rendezvous.Close;
      end Finalize;
      Closer : Light_Closer;
      State   : Color := Red;
      Changed : Boolean := False;
      Count   : Natural := 0;    --  number of colour changes
      Print   : Natural := 0;    --  order-sensitive fingerprint of changes
      Total   : Natural := 0;    --  cars let through so far
   begin
      loop
         declare
            Alternatives : constant Light_Alternative_List :=
              (1 => ((if State = Red then Light_To_Green else Light_No_Entry), 0),
               2 => ((if State = Green then Light_To_Yellow else Light_No_Entry), 0),
               3 => ((if State = Yellow then Light_To_Red else Light_No_Entry), 0),
               4 => (Light_Query, 0));
            Choice : Natural;
         begin
            Light_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Natural) do
                     Light_Rendezvous.To_Green_Woken (Value_1);
                     requeue Light_Rendezvous.To_Green_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) do
                     Light_Rendezvous.To_Yellow_Woken;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : out Natural) do
                     Light_Rendezvous.To_Red_Woken (Value_1);
                     requeue Light_Rendezvous.To_Red_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  accept Wake_4 (4)
                    
                      (Value_1 : out Color;
                       Value_2 : out Natural;
                       Value_3 : out Natural;
                       Value_4 : out Natural) do
                     Light_Rendezvous.Query_Woken (Value_1, Value_2, Value_3, Value_4);
                     requeue Light_Rendezvous.Query_Queue;
                  end Wake_4;
                  Choice := 4;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Natural) do
                        requeue Light_Rendezvous.To_Green_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) do
                        requeue Light_Rendezvous.To_Yellow_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : out Natural) do
                        requeue Light_Rendezvous.To_Red_Held with abort;
                     end Wake_3;
                  or
                     accept Wake_4 (4)
                       
                         (Value_1 : out Color;
                          Value_2 : out Natural;
                          Value_3 : out Natural;
                          Value_4 : out Natural) do
                        requeue Light_Rendezvous.Query_Held with abort;
                     end Wake_4;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Waiting : Natural;
                  begin
                     Light_Rendezvous.To_Green_Take (Waiting);
                     begin
                        Total := Total + Waiting;
                     exception
                        when Occurrence : others =>
                           Light_Rendezvous.To_Green_Failed (Occurrence);
                           raise;
                     end;
                     Light_Rendezvous.To_Green_Accept_End;
                  end;
                  State := Green;
                  Changed := True;
               when 2 =>
                  Light_Rendezvous.To_Yellow_Take;
                  State := Yellow;
                  Changed := True;
               when 3 =>
                  declare
                     Passed : Natural;
                  begin
                     Light_Rendezvous.To_Red_Take (Passed);
                     begin
                        Passed := Total;
                     exception
                        when Occurrence : others =>
                           Light_Rendezvous.To_Red_Failed (Occurrence);
                           raise;
                     end;
                     Light_Rendezvous.To_Red_Accept_End (Passed);
                  end;
                  State := Red;
                  Changed := True;
               when 4 =>
                  declare
                     Current : Color;
                     Changes : Natural;
                     Trace : Natural;
                     Cars : Natural;
                  begin
                     Light_Rendezvous.Query_Take (Current, Changes, Trace, Cars);
                     begin
                        Current := State;
                        Changes := Count;
                        Trace := Print;
                        Cars := Total;
                     exception
                        when Occurrence : others =>
                           Light_Rendezvous.Query_Failed (Occurrence);
                           raise;
                     end;
                     Light_Rendezvous.Query_Accept_End (Current, Changes, Trace, Cars);
                  end;
               when others =>
                  null;
            end case;
         end;

         --  Common statements after the select (stmt3 in Figure 5)
         if Changed then
            Count := Count + 1;
            Print := (Print * 3 + Color'Pos (State)) mod 999_983;
            Changed := False;
         end if;
      end loop;
   end Light_Agent;

end Lights;
