with Ada.Finalization;
package body Pipeline is

   protected body Relay is

      entry Put (Item : Integer)
        when Closed or else (Chosen = Relay_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Relay_Put, Index => 0));
         Disarm;
         Chosen := Relay_Put;
         Put_Item := Item;
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Stop
        when Closed or else (Chosen = Relay_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Relay_Stop, Index => 0));
         Disarm;
         Chosen := Relay_Stop;
      end Stop;

      entry Select_Arm
        (Order : Relay_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Relay_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not (Poll or else Timed_Wait or else Wake) then
            raise Program_Error;
         end if;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         elsif Poll then
            return;
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
        (Order : Relay_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Relay_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Relay_Alternative) is
      begin
         case Alternative.Id is
            when Relay_Put =>
               Put_Armed := True;
            when Relay_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Relay_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Relay_Put =>
               return Relay.Put'Count > 0;
            when Relay_Stop =>
               return Relay.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Relay_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (Item : out Integer) is
      begin
         Item := Put_Item;
         Chosen := Relay_No_Entry;
      end Put_Take;

      procedure Put_Accept_End is
      begin
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (Item : in Integer)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
      end Put_Queue;

      procedure Stop_Take is
      begin
         Chosen := Relay_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Relay;

   task body Relay_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Relay_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Relay_Closer);
      overriding procedure Finalize (Object : in out Relay_Closer) is
      begin
         Relay.Close;
      end Finalize;
      Closer : Relay_Closer;
      Value : Integer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Relay.Select_Arm
              (Order => (1 => (Relay_Put, 0),
                         2 => (Relay_Stop, 0)),
               Poll => False,
               Timed_Wait => False,
               Wake => False,
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Item : Integer;
                  begin
                     Relay.Put_Take (Item);
                     begin
                        Value := Item;
                     exception
                        when Occurrence : others =>
                           Relay.Put_Failed (Occurrence);
                           raise;
                     end;
                     Relay.Put_Accept_End;
                  end;
                  Sink.Put (2 * Value + 1);
               when 2 =>
                  Relay.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Relay_Agent;

   protected body Sink is

      entry Put (Item : Integer)
        when Closed
          or else (Chosen = Sink_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Sink_Agent.Wake_1
              (Position_Of ((Id => Sink_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Sink_Put, Index => 0));
         Disarm;
         Chosen := Sink_Put;
         Put_Item := Item;
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Put_Held (Item : Integer)
        when Closed or else (Chosen = Sink_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Sink_Put, Index => 0));
         Disarm;
         Chosen := Sink_Put;
         Put_Item := Item;
         Put_Done := False;
         requeue Put_Queue;
      end Put_Held;

      entry Report (Count : out Natural; Sum : out Integer)
        when Closed
          or else (Chosen = Sink_No_Entry
                   and then Report_Armed
                   and then Report_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Sink_Agent.Wake_2
              (Position_Of ((Id => Sink_Report, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Sink_Report, Index => 0));
         Disarm;
         Chosen := Sink_Report;
         Report_Count_2 := Count;
         Report_Sum := Sum;
         Report_Done := False;
         requeue Report_Queue;
      end Report;

      entry Report_Held (Count : out Natural; Sum : out Integer)
        when Closed or else (Chosen = Sink_No_Entry and then Report_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Sink_Report, Index => 0));
         Disarm;
         Chosen := Sink_Report;
         Report_Count_2 := Count;
         Report_Sum := Sum;
         Report_Done := False;
         requeue Report_Queue;
      end Report_Held;

      entry Select_Arm
        (Order : Sink_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Sink_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not (Poll or else Timed_Wait or else Wake) then
            raise Program_Error;
         end if;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         elsif Poll then
            return;
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
        (Order : Sink_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Sink_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Report_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Sink_Alternative) is
      begin
         case Alternative.Id is
            when Sink_Put =>
               Put_Armed := True;
            when Sink_Report =>
               Report_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Sink_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Sink_Put =>
               return Sink.Put'Count + Put_Held'Count > 0;
            when Sink_Report =>
               return Sink.Report'Count + Report_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Sink_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (Item : out Integer) is
      begin
         Item := Put_Item;
         Chosen := Sink_No_Entry;
      end Put_Take;

      procedure Put_Woken (Item : in Integer) is
      begin
         Disarm;
         Chosen := Sink_Put;
         Put_Item := Item;
         Put_Done := False;
      end Put_Woken;

      procedure Put_Accept_End is
      begin
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (Item : in Integer)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
      end Put_Queue;

      procedure Report_Take (Count : out Natural; Sum : out Integer) is
      begin
         Count := Report_Count_2;
         Sum := Report_Sum;
         Chosen := Sink_No_Entry;
      end Report_Take;

      procedure Report_Woken (Count : in Natural; Sum : in Integer) is
      begin
         Disarm;
         Chosen := Sink_Report;
         Report_Count_2 := Count;
         Report_Sum := Sum;
         Report_Done := False;
      end Report_Woken;

      procedure Report_Accept_End (Count : in Natural; Sum : in Integer) is
      begin
         Report_Count_2 := Count;
         Report_Sum := Sum;
         Report_Done := True;
      end Report_Accept_End;

      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
         Report_Raised := True;
         Report_Done := True;
      end Report_Failed;

      entry Report_Queue (Count : out Natural; Sum : out Integer)
        when Report_Done or else Closed is
      begin
         if not Report_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Report_Done := False;
         if Report_Raised then
            Report_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Report_Failure);
         end if;
         Count := Report_Count_2;
         Sum := Report_Sum;
      end Report_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Sink;

   task body Sink_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Sink_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Sink_Closer);
      overriding procedure Finalize (Object : in out Sink_Closer) is
      begin
         Sink.Close;
      end Finalize;
      Closer : Sink_Closer;
      Received : Natural := 0;
      Total    : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Sink_Alternative_List :=
              (1 => (Sink_Put, 0),
               2 => (Sink_Report, 0));
            Choice : Natural;
         begin
            Sink.Select_Arm
              (Order => Alternatives,
               Poll => False,
               Timed_Wait => False,
               Wake => True,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Sink.Put_Woken (Value_1);
                     requeue Sink.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Natural; Value_2 : out Integer) do
                     Sink.Report_Woken (Value_1, Value_2);
                     requeue Sink.Report_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Sink.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Natural; Value_2 : out Integer) do
                        requeue Sink.Report_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Item : Integer;
                  begin
                     Sink.Put_Take (Item);
                     begin
                        Total := Total + Item;
                     exception
                        when Occurrence : others =>
                           Sink.Put_Failed (Occurrence);
                           raise;
                     end;
                     Sink.Put_Accept_End;
                  end;
                  Received := Received + 1;
               when 2 =>
                  declare
                     Count : Natural;
                     Sum : Integer;
                  begin
                     Sink.Report_Take (Count, Sum);
                     begin
                        Count := Received;
                        Sum := Total;
                     exception
                        when Occurrence : others =>
                           Sink.Report_Failed (Occurrence);
                           raise;
                     end;
                     Sink.Report_Accept_End (Count, Sum);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Sink_Agent;

end Pipeline;
