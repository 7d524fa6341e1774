with Ada.Exceptions;
with Ada.Finalization;
package body Pipeline is

   type Relay_Entry is (Relay_No_Entry, Relay_Put, Relay_Stop);
   type Relay_Alternative is record
      Id : Relay_Entry := Relay_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Relay_Alternative_List is array (Positive range <>) of Relay_Alternative;
   --  rdv2po: the rendezvous of task Relay, for Relay_Agent
   protected Relay_Rendezvous is
      entry Put (Item : Integer);
      entry Stop;
      entry Select_Arm
        (Order : Relay_Alternative_List;
         Chosen_Position : out Natural);
      procedure Put_Take (Item : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (Item : in Integer);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Relay_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Relay_Alternative);
      function Queued (Alternative : Relay_Alternative) return Boolean;
      function Position_Of (Alternative : Relay_Alternative) return Natural;
      Armed_List : Relay_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Relay_Entry := Relay_No_Entry;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_Item : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Relay_Rendezvous;
   task Relay_Agent is
      --  rdv2po: general scheme agent of Relay_Rendezvous
   end Relay_Agent;

   protected body Relay is
      --  rdv2po: each call goes on to Relay_Rendezvous, as cancellable as it
      --  was
      entry Put (Item : Integer) when True is
      begin
         requeue Relay_Rendezvous.Put with abort;
      end Put;

      entry Stop when True is
      begin
         requeue Relay_Rendezvous.Stop with abort;
      end Stop;
   end Relay;

   protected body Relay_Rendezvous is

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
        (Order : Relay_Alternative_List;
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
               return Relay_Rendezvous.Put'Count > 0;
            when Relay_Stop =>
               return Relay_Rendezvous.Stop'Count > 0;
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
   end Relay_Rendezvous;

   task body Relay_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Relay_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Relay_Closer);
      overriding procedure Finalize (Object : in out Relay_Closer) is
      begin
         Relay_Rendezvous.Close;
      end Finalize;
      Closer : Relay_Closer;
      Value : Integer;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Relay_Rendezvous.Select_Arm
              (Order => (1 => (Relay_Put, 0),
                         2 => (Relay_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Item : Integer;
                  begin
                     Relay_Rendezvous.Put_Take (Item);
                     begin
                        Value := Item;
                     exception
                        when Occurrence : others =>
                           Relay_Rendezvous.Put_Failed (Occurrence);
                           raise;
                     end;
                     Relay_Rendezvous.Put_Accept_End;
                  end;
                  Sink.Put (2 * Value + 1);
               when 2 =>
                  Relay_Rendezvous.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Relay_Agent;

   type Sink_Entry is (Sink_No_Entry, Sink_Put, Sink_Report);
   type Sink_Alternative is record
      Id : Sink_Entry := Sink_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Sink_Alternative_List is array (Positive range <>) of Sink_Alternative;
   --  rdv2po: the rendezvous of task Sink, for Sink_Agent
   protected Sink_Rendezvous is
      entry Put (Item : Integer);
      entry Report (Count : out Natural; Sum : out Integer);
      entry Select_Arm
        (Order : Sink_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (Item : Integer);
      procedure Put_Woken (Item : in Integer);
      procedure Put_Take (Item : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (Item : in Integer);
      entry Report_Held (Count : out Natural; Sum : out Integer);
      procedure Report_Woken (Count : in Natural; Sum : in Integer);
      procedure Report_Take (Count : out Natural; Sum : out Integer);
      procedure Report_Accept_End (Count : in Natural; Sum : in Integer);
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue (Count : out Natural; Sum : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Sink_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Sink_Alternative);
      function Queued (Alternative : Sink_Alternative) return Boolean;
      function Position_Of (Alternative : Sink_Alternative) return Natural;
      Armed_List : Sink_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Sink_Entry := Sink_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_Item : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Count_2 : Natural;
      Report_Sum : Integer;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Sink_Rendezvous;
   task Sink_Agent is
      --  rdv2po: general scheme agent of Sink_Rendezvous
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Natural; Value_2 : out Integer);
   end Sink_Agent;

   protected body Sink is
      --  rdv2po: each call goes on to Sink_Rendezvous, as cancellable as it
      --  was
      entry Put (Item : Integer) when True is
      begin
         requeue Sink_Rendezvous.Put with abort;
      end Put;

      entry Report (Count : out Natural; Sum : out Integer) when True is
      begin
         requeue Sink_Rendezvous.Report with abort;
      end Report;
   end Sink;

   protected body Sink_Rendezvous is

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
         Put_Woken (Item);
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
         Put_Woken (Item);
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
         Report_Woken (Count, Sum);
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
         Report_Woken (Count, Sum);
         requeue Report_Queue;
      end Report_Held;

      entry Select_Arm
        (Order : Sink_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Sink_No_Entry then
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
        (Order : Sink_Alternative_List;
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
               return Sink_Rendezvous.Put'Count + Put_Held'Count > 0;
            when Sink_Report =>
               return Sink_Rendezvous.Report'Count + Report_Held'Count > 0;
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
   end Sink_Rendezvous;

   task body Sink_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Sink_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Sink_Closer);
      overriding procedure Finalize (Object : in out Sink_Closer) is
      begin
         Sink_Rendezvous.Close;
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
            Sink_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Sink_Rendezvous.Put_Woken (Value_1);
                     requeue Sink_Rendezvous.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Natural; Value_2 : out Integer) do
                     Sink_Rendezvous.Report_Woken (Value_1, Value_2);
                     requeue Sink_Rendezvous.Report_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Sink_Rendezvous.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Natural; Value_2 : out Integer) do
                        requeue Sink_Rendezvous.Report_Held with abort;
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
                     Sink_Rendezvous.Put_Take (Item);
                     begin
                        Total := Total + Item;
                     exception
                        when Occurrence : others =>
                           Sink_Rendezvous.Put_Failed (Occurrence);
                           raise;
                     end;
                     Sink_Rendezvous.Put_Accept_End;
                  end;
                  Received := Received + 1;
               when 2 =>
                  declare
                     Count : Natural;
                     Sum : Integer;
                  begin
                     Sink_Rendezvous.Report_Take (Count, Sum);
                     begin
                        Count := Received;
                        Sum := Total;
                     exception
                        when Occurrence : others =>
                           Sink_Rendezvous.Report_Failed (Occurrence);
                           raise;
                     end;
                     Sink_Rendezvous.Report_Accept_End (Count, Sum);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Sink_Agent;

end Pipeline;
