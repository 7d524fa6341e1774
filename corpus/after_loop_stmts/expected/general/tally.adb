with Ada.Exceptions;
with Ada.Finalization;
package body Tally is

   procedure Run_Session (Values_Each : Positive; Stopped_At : out Integer)
   is
      type Collector_Entry is
        (Collector_No_Entry,
         Collector_Add,
         Collector_Stop);
      type Collector_Alternative is record
         Id : Collector_Entry := Collector_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Collector_Alternative_List is array (Positive range <>) of Collector_Alternative;
      --  rdv2po: task Collector became this protected object; its code runs in
      --  the task Collector_Agent, declared after it (general scheme: each
      --  rendezvous goes through the object)
      protected Collector is
         entry Add (Value : in Integer);
         entry Stop (Running_Total : out Integer);
         --  rdv2po: the rendezvous protocol, for Collector_Agent
         entry Select_Arm
           (Order : Collector_Alternative_List;
            Chosen_Position : out Natural);
         procedure Add_Take (Value : out Integer);
         procedure Add_Accept_End;
         procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Add_Queue (Value : in Integer);
         procedure Stop_Take (Running_Total : out Integer);
         procedure Stop_Accept_End (Running_Total : in Integer);
         procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Stop_Queue (Running_Total : out Integer);
         procedure Close;
      private
         entry Select_Wait
           (Order : Collector_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Collector_Alternative);
         function Queued (Alternative : Collector_Alternative) return Boolean;
         function Position_Of (Alternative : Collector_Alternative) return Natural;
         Armed_List : Collector_Alternative_List (1 .. 2);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Collector_Entry := Collector_No_Entry;
         Closed : Boolean := False;
         Add_Armed : Boolean := False;
         Add_Value : Integer;
         Add_Done : Boolean := False;
         Add_Raised : Boolean := False;
         Add_Failure : Ada.Exceptions.Exception_Occurrence;
         Stop_Armed : Boolean := False;
         Stop_Running_Total : Integer;
         Stop_Done : Boolean := False;
         Stop_Raised : Boolean := False;
         Stop_Failure : Ada.Exceptions.Exception_Occurrence;
      end Collector;
      task Collector_Agent is
         --  rdv2po: general scheme agent of Collector
      end Collector_Agent;

      protected body Collector is

         entry Add (Value : in Integer)
           when Closed or else (Chosen = Collector_No_Entry and then Add_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Collector_Add, Index => 0));
            Disarm;
            Chosen := Collector_Add;
            Add_Value := Value;
            Add_Done := False;
            requeue Add_Queue;
         end Add;

         entry Stop (Running_Total : out Integer)
           when Closed
             or else (Chosen = Collector_No_Entry and then Stop_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Collector_Stop, Index => 0));
            Disarm;
            Chosen := Collector_Stop;
            Stop_Running_Total := Running_Total;
            Stop_Done := False;
            requeue Stop_Queue;
         end Stop;

         entry Select_Arm
           (Order : Collector_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
            Any_Open : Boolean := False;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Collector_No_Entry then
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
           (Order : Collector_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Collector_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Add_Armed := False;
            Stop_Armed := False;
         end Disarm;

         procedure Arm (Alternative : Collector_Alternative) is
         begin
            case Alternative.Id is
               when Collector_Add =>
                  Add_Armed := True;
               when Collector_Stop =>
                  Stop_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Collector_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Collector_Add =>
                  return Collector.Add'Count > 0;
               when Collector_Stop =>
                  return Collector.Stop'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Collector_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Add_Take (Value : out Integer) is
         begin
            Value := Add_Value;
            Chosen := Collector_No_Entry;
         end Add_Take;

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

         entry Add_Queue (Value : in Integer)
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

         procedure Stop_Take (Running_Total : out Integer) is
         begin
            Running_Total := Stop_Running_Total;
            Chosen := Collector_No_Entry;
         end Stop_Take;

         procedure Stop_Accept_End (Running_Total : in Integer) is
         begin
            Stop_Running_Total := Running_Total;
            Stop_Done := True;
         end Stop_Accept_End;

         procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
            Stop_Raised := True;
            Stop_Done := True;
         end Stop_Failed;

         entry Stop_Queue (Running_Total : out Integer)
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
            Running_Total := Stop_Running_Total;
         end Stop_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Collector;

      task body Collector_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Collector_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Collector_Closer);
         overriding procedure Finalize (Object : in out Collector_Closer) is
         begin
            Collector.Close;
         end Finalize;
         Closer : Collector_Closer;
         Sum : Integer := 0;
         N   : Natural := 0;
      begin
         loop
            declare
               Choice : Natural;
            begin
               Collector.Select_Arm
                 (Order => (1 => (Collector_Add, 0),
                            2 => (Collector_Stop, 0)),
                  Chosen_Position => Choice);
               case Choice is
                  when 1 =>
                     declare
                        Value : Integer;
                     begin
                        Collector.Add_Take (Value);
                        begin
                           Sum := Sum + Value;
                        exception
                           when Occurrence : others =>
                              Collector.Add_Failed (Occurrence);
                              raise;
                        end;
                        Collector.Add_Accept_End;
                     end;
                     N := N + 1;
                  when 2 =>
                     declare
                        Running_Total : Integer;
                     begin
                        Collector.Stop_Take (Running_Total);
                        begin
                           Running_Total := Sum;
                        exception
                           when Occurrence : others =>
                              Collector.Stop_Failed (Occurrence);
                              raise;
                        end;
                        Collector.Stop_Accept_End (Running_Total);
                     end;
                     exit;
                  when others =>
                     null;
               end case;
            end;
         end loop;
         --  After the loop: publish the results
         Final_Total := Sum;
         Final_Count := N;
      end Collector_Agent;

      task type Sender (Id : Positive);

      task body Sender is
      begin
         for I in 1 .. Values_Each loop
            Collector.Add (Id * I);
         end loop;
      end Sender;

   begin
      declare
         S1 : Sender (1);
         S2 : Sender (2);
         S3 : Sender (3);
         pragma Unreferenced (S1, S2, S3);
      begin
         null;
      end;  --  waits for every Sender
      Collector.Stop (Stopped_At);
   end Run_Session;  --  waits for Collector, which has published its totals

end Tally;
