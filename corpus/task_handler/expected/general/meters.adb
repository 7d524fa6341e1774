with Ada.Exceptions;
with Ada.Finalization;
package body Meters is

   type Meter_Entry is (Meter_No_Entry, Meter_Log, Meter_Summary);
   type Meter_Alternative is record
      Id : Meter_Entry := Meter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Meter_Alternative_List is array (Positive range <>) of Meter_Alternative;
   --  rdv2po: the rendezvous of task Meter, for Meter_Agent
   protected Meter_Rendezvous is
      entry Log (Value : in Integer);
      --  Constraint_Error if not a Reading
      entry Summary (Sum : out Integer; Count : out Natural;
                     Peak : out Integer);
      entry Select_Arm
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Log_Take (Value : out Integer);
      procedure Log_Accept_End;
      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Log_Queue (Value : in Integer);
      procedure Summary_Take
        (Sum : out Integer;
         Count : out Natural;
         Peak : out Integer);
      procedure Summary_Accept_End
        (Sum : in Integer;
         Count : in Natural;
         Peak : in Integer);
      procedure Summary_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Summary_Queue
        (Sum : out Integer;
         Count : out Natural;
         Peak : out Integer);
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
      Closed : Boolean := False;
      Log_Armed : Boolean := False;
      Log_Value : Integer;
      Log_Done : Boolean := False;
      Log_Raised : Boolean := False;
      Log_Failure : Ada.Exceptions.Exception_Occurrence;
      Summary_Armed : Boolean := False;
      Summary_Sum : Integer;
      Summary_Count_2 : Natural;
      Summary_Peak : Integer;
      Summary_Done : Boolean := False;
      Summary_Raised : Boolean := False;
      Summary_Failure : Ada.Exceptions.Exception_Occurrence;
   end Meter_Rendezvous;
   task Meter_Agent is
      --  rdv2po: general scheme agent of Meter_Rendezvous
   end Meter_Agent;

   protected body Meter is
      --  rdv2po: each call goes on to Meter_Rendezvous, as cancellable as it
      --  was
      entry Log (Value : in Integer) when True is
      begin
         requeue Meter_Rendezvous.Log with abort;
      end Log;

      entry Summary
        (Sum : out Integer;
         Count : out Natural;
         Peak : out Integer)
        when True is
      begin
         requeue Meter_Rendezvous.Summary with abort;
      end Summary;
   end Meter;

   protected body Meter_Rendezvous is

      entry Log (Value : in Integer)
        when Closed or else (Chosen = Meter_No_Entry and then Log_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Log, Index => 0));
         Disarm;
         Chosen := Meter_Log;
         Log_Value := Value;
         Log_Done := False;
         requeue Log_Queue;
      end Log;

      entry Summary
        (Sum : out Integer;
         Count : out Natural;
         Peak : out Integer)
        when Closed or else (Chosen = Meter_No_Entry and then Summary_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Meter_Summary, Index => 0));
         Disarm;
         Chosen := Meter_Summary;
         Summary_Sum := Sum;
         Summary_Count_2 := Count;
         Summary_Peak := Peak;
         Summary_Done := False;
         requeue Summary_Queue;
      end Summary;

      entry Select_Arm
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Meter_No_Entry then
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
        (Order : Meter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Meter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Log_Armed := False;
         Summary_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Meter_Alternative) is
      begin
         case Alternative.Id is
            when Meter_Log =>
               Log_Armed := True;
            when Meter_Summary =>
               Summary_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Meter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Meter_Log =>
               return Meter_Rendezvous.Log'Count > 0;
            when Meter_Summary =>
               return Meter_Rendezvous.Summary'Count > 0;
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

      procedure Log_Take (Value : out Integer) is
      begin
         Value := Log_Value;
         Chosen := Meter_No_Entry;
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

      entry Log_Queue (Value : in Integer)
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

      procedure Summary_Take
        (Sum : out Integer;
         Count : out Natural;
         Peak : out Integer) is
      begin
         Sum := Summary_Sum;
         Count := Summary_Count_2;
         Peak := Summary_Peak;
         Chosen := Meter_No_Entry;
      end Summary_Take;

      procedure Summary_Accept_End
        (Sum : in Integer;
         Count : in Natural;
         Peak : in Integer) is
      begin
         Summary_Sum := Sum;
         Summary_Count_2 := Count;
         Summary_Peak := Peak;
         Summary_Done := True;
      end Summary_Accept_End;

      procedure Summary_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Summary_Failure, Occurrence);
         Summary_Raised := True;
         Summary_Done := True;
      end Summary_Failed;

      entry Summary_Queue
        (Sum : out Integer;
         Count : out Natural;
         Peak : out Integer)
        when Summary_Done or else Closed is
      begin
         if not Summary_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Summary_Done := False;
         if Summary_Raised then
            Summary_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Summary_Failure);
         end if;
         Sum := Summary_Sum;
         Count := Summary_Count_2;
         Peak := Summary_Peak;
      end Summary_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Meter_Rendezvous;

   task body Meter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Meter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Meter_Closer);
      overriding procedure Finalize (Object : in out Meter_Closer) is
      begin
         Meter_Rendezvous.Close;
      end Finalize;
      Closer : Meter_Closer;
      Total : Integer := 0;
      N     : Natural := 0;
      High  : Reading := 0;
      Last  : Reading := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Meter_Rendezvous.Select_Arm
              (Order => (1 => (Meter_Log, 0),
                         2 => (Meter_Summary, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Value : Integer;
                  begin
                     Meter_Rendezvous.Log_Take (Value);
                     begin
                        Last := Value;   --  range check: Constraint_Error if bad
                     exception
                        when Occurrence : others =>
                           Meter_Rendezvous.Log_Failed (Occurrence);
                           raise;
                     end;
                     Meter_Rendezvous.Log_Accept_End;
                  end;
                  Total := Total + Last;
                  N := N + 1;
                  if Last > High then
                     High := Last;
                  end if;
               when 2 =>
                  declare
                     Sum : Integer;
                     Count : Natural;
                     Peak : Integer;
                  begin
                     Meter_Rendezvous.Summary_Take (Sum, Count, Peak);
                     begin
                        Sum := Total;
                        Count := N;
                        Peak := High;
                     exception
                        when Occurrence : others =>
                           Meter_Rendezvous.Summary_Failed (Occurrence);
                           raise;
                     end;
                     Meter_Rendezvous.Summary_Accept_End (Sum, Count, Peak);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when Constraint_Error =>
         --  The caller got the exception too; the meter gives up
         Failures := Failures + 1;
   end Meter_Agent;

end Meters;
