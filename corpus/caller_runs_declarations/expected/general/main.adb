with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;
with Sinks;
procedure Main is
   Total : aliased Integer := 0;

   type Tally;
   type Tally_Entry is (Tally_No_Entry, Tally_Add, Tally_Report);
   type Tally_Alternative is record
      Id : Tally_Entry := Tally_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Tally_Alternative_List is array (Positive range <>) of Tally_Alternative;
   task type Tally_Agent (Self : not null access Tally) is
      --  rdv2po: general scheme agent of Tally
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2);
   end Tally_Agent;
   --  rdv2po: task type Tally became this protected type; its code runs in
   --  Tally_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Tally is
      entry Add (N : Integer);
      entry Report;
      --  rdv2po: the rendezvous protocol, for Tally_Agent
      entry Select_Arm
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (N : Integer);
      procedure Add_Woken (N : in Integer);
      procedure Add_Take (N : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (N : in Integer);
      entry Report_Held;
      procedure Report_Woken;
      procedure Report_Take;
      procedure Report_Accept_End;
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Tally_Alternative);
      function Queued (Alternative : Tally_Alternative) return Boolean;
      function Position_Of (Alternative : Tally_Alternative) return Natural;
      Armed_List : Tally_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Tally_Entry := Tally_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_N : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Tally_Agent (Self => Tally'Unchecked_Access);
   end Tally;

   protected body Tally is

      entry Add (N : Integer)
        when Closed
          or else (Chosen = Tally_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Tally_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add;

      entry Add_Held (N : Integer)
        when Closed or else (Chosen = Tally_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Add, Index => 0));
         Add_Woken (N);
         requeue Add_Queue;
      end Add_Held;

      entry Report
        when Closed
          or else (Chosen = Tally_No_Entry
                   and then Report_Armed
                   and then Report_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Tally_Report, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Tally_Report, Index => 0));
         Report_Woken;
         requeue Report_Queue;
      end Report;

      entry Report_Held
        when Closed or else (Chosen = Tally_No_Entry and then Report_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Report, Index => 0));
         Report_Woken;
         requeue Report_Queue;
      end Report_Held;

      entry Select_Arm
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Tally_No_Entry then
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
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Tally_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Report_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Tally_Alternative) is
      begin
         case Alternative.Id is
            when Tally_Add =>
               Add_Armed := True;
            when Tally_Report =>
               Report_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Tally_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Tally_Add =>
               return Tally.Add'Count + Add_Held'Count > 0;
            when Tally_Report =>
               return Tally.Report'Count + Report_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Tally_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (N : out Integer) is
      begin
         N := Add_N;
         Chosen := Tally_No_Entry;
      end Add_Take;

      procedure Add_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Tally_Add;
         Add_N := N;
         Add_Done := False;
      end Add_Woken;

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

      entry Add_Queue (N : in Integer)
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

      procedure Report_Take is
      begin
         Chosen := Tally_No_Entry;
      end Report_Take;

      procedure Report_Woken is
      begin
         Disarm;
         Chosen := Tally_Report;
         Report_Done := False;
      end Report_Woken;

      procedure Report_Accept_End is
      begin
         Report_Done := True;
      end Report_Accept_End;

      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
         Report_Raised := True;
         Report_Done := True;
      end Report_Failed;

      entry Report_Queue
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
      end Report_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Tally;

   task body Tally_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Tally_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Tally_Closer);
      overriding procedure Finalize (Object : in out Tally_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Tally_Closer;
      procedure Ignore (N : Integer) is null;
      Into : Sinks.Counter_View;
      Sum : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Tally_Alternative_List :=
              (1 => (Tally_Add, 0),
               2 => (Tally_Report, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Self.Add_Woken (Value_1);
                     requeue Self.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) do
                     Self.Report_Woken;
                     requeue Self.Report_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Self.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) do
                        requeue Self.Report_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     N : Integer;
                  begin
                     Self.Add_Take (N);
                     begin
                        Ignore (N);
                        Sum := Sum + N;
                        if Sinks."=" (Into, null) then
                           Ada.Text_IO.Put_Line ("add" & Integer'Image (N));
                        end if;
                     exception
                        when Occurrence : others =>
                           Self.Add_Failed (Occurrence);
                           raise;
                     end;
                     Self.Add_Accept_End;
                  end;
               when 2 =>
                  Self.Report_Take;
                  begin
                     Ada.Text_IO.Put_Line ("sum" & Integer'Image (Sum));
                  exception
                     when Occurrence : others =>
                        Self.Report_Failed (Occurrence);
                        raise;
                  end;
                  Self.Report_Accept_End;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Tally_Agent;

   T : Tally;

   type Emitter_Entry is
     (Emitter_No_Entry,
      Emitter_Aim,
      Emitter_Emit,
      Emitter_Stop);
   type Emitter_Alternative is record
      Id : Emitter_Entry := Emitter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Emitter_Alternative_List is array (Positive range <>) of Emitter_Alternative;
   --  rdv2po: task Emitter became this protected object; its code runs in the
   --  task Emitter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Emitter is
      entry Aim (At_Total : Sinks.Counter_View);
      entry Emit (N : Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Emitter_Agent
      entry Select_Arm
        (Order : Emitter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Aim_Take (At_Total : out Sinks.Counter_View);
      procedure Aim_Accept_End;
      procedure Aim_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Aim_Queue (At_Total : in Sinks.Counter_View);
      procedure Emit_Take (N : out Integer);
      procedure Emit_Accept_End;
      procedure Emit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Emit_Queue (N : in Integer);
      procedure Stop_Take;
      procedure Stop_Accept_End;
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Emitter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Emitter_Alternative);
      function Queued (Alternative : Emitter_Alternative) return Boolean;
      function Position_Of (Alternative : Emitter_Alternative) return Natural;
      Armed_List : Emitter_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Emitter_Entry := Emitter_No_Entry;
      Closed : Boolean := False;
      Aim_Armed : Boolean := False;
      Aim_At_Total : Sinks.Counter_View;
      Aim_Done : Boolean := False;
      Aim_Raised : Boolean := False;
      Aim_Failure : Ada.Exceptions.Exception_Occurrence;
      Emit_Armed : Boolean := False;
      Emit_N : Integer;
      Emit_Done : Boolean := False;
      Emit_Raised : Boolean := False;
      Emit_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Emitter;
   task Emitter_Agent is
      --  rdv2po: general scheme agent of Emitter
   end Emitter_Agent;

   protected body Emitter is

      entry Aim (At_Total : Sinks.Counter_View)
        when Closed or else (Chosen = Emitter_No_Entry and then Aim_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Emitter_Aim, Index => 0));
         Disarm;
         Chosen := Emitter_Aim;
         Aim_At_Total := At_Total;
         Aim_Done := False;
         requeue Aim_Queue;
      end Aim;

      entry Emit (N : Integer)
        when Closed or else (Chosen = Emitter_No_Entry and then Emit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Emitter_Emit, Index => 0));
         Disarm;
         Chosen := Emitter_Emit;
         Emit_N := N;
         Emit_Done := False;
         requeue Emit_Queue;
      end Emit;

      entry Stop
        when Closed or else (Chosen = Emitter_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Emitter_Stop, Index => 0));
         Disarm;
         Chosen := Emitter_Stop;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

      entry Select_Arm
        (Order : Emitter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Emitter_No_Entry then
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
        (Order : Emitter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Emitter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Aim_Armed := False;
         Emit_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Emitter_Alternative) is
      begin
         case Alternative.Id is
            when Emitter_Aim =>
               Aim_Armed := True;
            when Emitter_Emit =>
               Emit_Armed := True;
            when Emitter_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Emitter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Emitter_Aim =>
               return Emitter.Aim'Count > 0;
            when Emitter_Emit =>
               return Emitter.Emit'Count > 0;
            when Emitter_Stop =>
               return Emitter.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Emitter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Aim_Take (At_Total : out Sinks.Counter_View) is
      begin
         At_Total := Aim_At_Total;
         Chosen := Emitter_No_Entry;
      end Aim_Take;

      procedure Aim_Accept_End is
      begin
         Aim_Done := True;
      end Aim_Accept_End;

      procedure Aim_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Aim_Failure, Occurrence);
         Aim_Raised := True;
         Aim_Done := True;
      end Aim_Failed;

      entry Aim_Queue (At_Total : in Sinks.Counter_View)
        when Aim_Done or else Closed is
      begin
         if not Aim_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Aim_Done := False;
         if Aim_Raised then
            Aim_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Aim_Failure);
         end if;
      end Aim_Queue;

      procedure Emit_Take (N : out Integer) is
      begin
         N := Emit_N;
         Chosen := Emitter_No_Entry;
      end Emit_Take;

      procedure Emit_Accept_End is
      begin
         Emit_Done := True;
      end Emit_Accept_End;

      procedure Emit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Emit_Failure, Occurrence);
         Emit_Raised := True;
         Emit_Done := True;
      end Emit_Failed;

      entry Emit_Queue (N : in Integer)
        when Emit_Done or else Closed is
      begin
         if not Emit_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Emit_Done := False;
         if Emit_Raised then
            Emit_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Emit_Failure);
         end if;
      end Emit_Queue;

      procedure Stop_Take is
      begin
         Chosen := Emitter_No_Entry;
      end Stop_Take;

      procedure Stop_Accept_End is
      begin
         Stop_Done := True;
      end Stop_Accept_End;

      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
         Stop_Raised := True;
         Stop_Done := True;
      end Stop_Failed;

      entry Stop_Queue
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
      end Stop_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Emitter;

   task body Emitter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Emitter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Emitter_Closer);
      overriding procedure Finalize (Object : in out Emitter_Closer) is
      begin
         Emitter.Close;
      end Finalize;
      Closer : Emitter_Closer;
      use Ada.Text_IO;
      use type Sinks.Counter_View;
      procedure No_Trace (S : String) is null;
      Target : Sinks.Counter_View;
      Quiet : Sinks.Action := Sinks.Nothing'Access;
      Emitted : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Emitter.Select_Arm
              (Order => (1 => (Emitter_Aim, 0),
                         2 => (Emitter_Emit, 0),
                         3 => (Emitter_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     At_Total : Sinks.Counter_View;
                  begin
                     Emitter.Aim_Take (At_Total);
                     begin
                        Target := At_Total;
                        Put_Line ("aimed");
                     exception
                        when Occurrence : others =>
                           Emitter.Aim_Failed (Occurrence);
                           raise;
                     end;
                     Emitter.Aim_Accept_End;
                  end;
               when 2 =>
                  declare
                     N : Integer;
                  begin
                     Emitter.Emit_Take (N);
                     begin
                        No_Trace ("emit");
                        if Target /= null then
                           Target.all := Target.all + N;
                        end if;
                        Put_Line ("emit" & Integer'Image (N));
                        Quiet.all;
                     exception
                        when Occurrence : others =>
                           Emitter.Emit_Failed (Occurrence);
                           raise;
                     end;
                     Emitter.Emit_Accept_End;
                  end;
                  Emitted := Emitted + 1;
               when 3 =>
                  Emitter.Stop_Take;
                  begin
                     Put_Line ("emitted" & Natural'Image (Emitted));
                  exception
                     when Occurrence : others =>
                        Emitter.Stop_Failed (Occurrence);
                        raise;
                  end;
                  Emitter.Stop_Accept_End;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Emitter_Agent;
begin
   Emitter.Emit (1);
   Emitter.Aim (Total'Unchecked_Access);
   Emitter.Emit (2);
   Emitter.Emit (3);
   Emitter.Stop;
   T.Add (4);
   T.Add (6);
   T.Report;
   Ada.Text_IO.Put_Line ("total" & Integer'Image (Total));
   if Total = 5 then
      Ada.Text_IO.Put_Line ("PASSED");
   end if;
end Main;
