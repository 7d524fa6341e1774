with Ada.Exceptions;
with Ada.Finalization;
package body Dispatch is

   type Server_Entry is
     (Server_No_Entry,
      Server_Ready,
      Server_Go,
      Server_Request,
      Server_Report);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   type Server_Request_Set is array (Priority) of Boolean;
   --  rdv2po: the rendezvous of task Server, for Server_Agent
   protected Server_Rendezvous is
      entry Ready (All_Queued : out Boolean);
      entry Go;
      entry Request (Priority) (X : in Integer);
      entry Report (Trace : out Natural; Sums : out Sum_Array;
                    Served : out Natural; Violations : out Natural);
      entry Select_Arm
        (Order_2 : Server_Alternative_List;
         Chosen_Position : out Natural);
      entry Ready_Held (All_Queued : out Boolean);
      procedure Ready_Woken (All_Queued : in Boolean);
      procedure Ready_Take (All_Queued : out Boolean);
      procedure Ready_Accept_End (All_Queued : in Boolean);
      procedure Ready_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Ready_Queue (All_Queued : out Boolean);
      entry Go_Held;
      procedure Go_Woken;
      procedure Go_Take;
      entry Request_Held (Priority) (X : in Integer);
      procedure Request_Woken (X : in Integer);
      procedure Request_Take (X : out Integer);
      procedure Request_Accept_End;
      procedure Request_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Request_Queue (X : in Integer);
      function Request_Count (Index : Priority) return Natural;
      entry Report_Held
        (Trace : out Natural;
         Sums : out Sum_Array;
         Served : out Natural;
         Violations : out Natural);
      procedure Report_Woken
        (Trace : in Natural;
         Sums : in Sum_Array;
         Served : in Natural;
         Violations : in Natural);
      procedure Report_Take
        (Trace : out Natural;
         Sums : out Sum_Array;
         Served : out Natural;
         Violations : out Natural);
      procedure Report_Accept_End
        (Trace : in Natural;
         Sums : in Sum_Array;
         Served : in Natural;
         Violations : in Natural);
      procedure Report_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Sums : in Sum_Array);
      entry Report_Queue
        (Trace : out Natural;
         Sums : out Sum_Array;
         Served : out Natural;
         Violations : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order_2 : Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Alternative);
      function Queued (Alternative : Server_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Alternative) return Natural;
      Armed_List : Server_Alternative_List (1 .. 6);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Ready_Armed : Boolean := False;
      Ready_All_Queued : Boolean;
      Ready_Done : Boolean := False;
      Ready_Raised : Boolean := False;
      Ready_Failure : Ada.Exceptions.Exception_Occurrence;
      Go_Armed : Boolean := False;
      Request_Armed : Server_Request_Set := (others => False);
      Request_X : Integer;
      Request_Done : Boolean := False;
      Request_Raised : Boolean := False;
      Request_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Trace : Natural;
      Report_Sums : Sum_Array;
      Report_Served : Natural;
      Report_Violations : Natural;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server_Rendezvous;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server_Rendezvous
      entry Wake_1 (Positive range 1 .. 6) (Value_1 : out Boolean);
      entry Wake_2 (Positive range 1 .. 6);
      entry Wake_3 (Positive range 1 .. 6) (Value_1 : in Integer);
      entry Wake_4 (Positive range 1 .. 6)
        (Value_1 : out Natural;
         Value_2 : out Sum_Array;
         Value_3 : out Natural;
         Value_4 : out Natural);
   end Server_Agent;

   protected body Server is
      --  rdv2po: each call goes on to Server_Rendezvous, as cancellable as it
      --  was
      entry Ready (All_Queued : out Boolean) when True is
      begin
         requeue Server_Rendezvous.Ready with abort;
      end Ready;

      entry Go when True is
      begin
         requeue Server_Rendezvous.Go with abort;
      end Go;

      entry Request (for Member in Priority) (X : in Integer) when True is
      begin
         requeue Server_Rendezvous.Request (Member) with abort;
      end Request;

      entry Report
        (Trace : out Natural;
         Sums : out Sum_Array;
         Served : out Natural;
         Violations : out Natural)
        when True is
      begin
         requeue Server_Rendezvous.Report with abort;
      end Report;
   end Server;

   protected body Server_Rendezvous is

      entry Ready (All_Queued : out Boolean)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Ready_Armed
                   and then Ready_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_Ready, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Ready, Index => 0));
         Ready_Woken (All_Queued);
         requeue Ready_Queue;
      end Ready;

      entry Ready_Held (All_Queued : out Boolean)
        when Closed or else (Chosen = Server_No_Entry and then Ready_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Ready, Index => 0));
         Ready_Woken (All_Queued);
         requeue Ready_Queue;
      end Ready_Held;

      entry Go
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Go_Armed
                   and then Go_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_2
              (Position_Of ((Id => Server_Go, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Go, Index => 0));
         Go_Woken;
      end Go;

      entry Go_Held
        when Closed or else (Chosen = Server_No_Entry and then Go_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Go, Index => 0));
         Go_Woken;
      end Go_Held;

      entry Request (for Member in Priority) (X : in Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Request_Armed (Member)
                   and then Request_Held (Member)'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_3
              (Position_Of ((Id => Server_Request, Index => Priority'Pos (Member)))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Request, Index => Priority'Pos (Member)));
         Request_Woken (X);
         requeue Request_Queue;
      end Request;

      entry Request_Held (for Member in Priority) (X : in Integer)
        when Closed
          or else (Chosen = Server_No_Entry and then Request_Armed (Member))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Request, Index => Priority'Pos (Member)));
         Request_Woken (X);
         requeue Request_Queue;
      end Request_Held;

      entry Report
        (Trace : out Natural;
         Sums : out Sum_Array;
         Served : out Natural;
         Violations : out Natural)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Report_Armed
                   and then Report_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_4
              (Position_Of ((Id => Server_Report, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Report, Index => 0));
         Report_Woken (Trace, Sums, Served, Violations);
         requeue Report_Queue;
      end Report;

      entry Report_Held
        (Trace : out Natural;
         Sums : out Sum_Array;
         Served : out Natural;
         Violations : out Natural)
        when Closed or else (Chosen = Server_No_Entry and then Report_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Report, Index => 0));
         Report_Woken (Trace, Sums, Served, Violations);
         requeue Report_Queue;
      end Report_Held;

      entry Select_Arm
        (Order_2 : Server_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order_2'Range loop
            if Order_2 (K).Id /= Server_No_Entry then
               if Found = 0 and then Queued (Order_2 (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order_2 (Order_2'First .. Order_2'First + Found - 1);
            Armed_Last := Found;
            Arm (Order_2 (Found));
         else
            Armed_List (1 .. Order_2'Length) := Order_2;
            Armed_Last := Order_2'Length;
            for K in Order_2'Range loop
               Arm (Order_2 (K));
            end loop;
         end if;
         Via_Wake := Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order_2 : Server_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Ready_Armed := False;
         Go_Armed := False;
         Request_Armed := (others => False);
         Report_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Ready =>
               Ready_Armed := True;
            when Server_Go =>
               Go_Armed := True;
            when Server_Request =>
               Request_Armed (Priority'Val (Alternative.Index)) := True;
            when Server_Report =>
               Report_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Ready =>
               return Server_Rendezvous.Ready'Count + Ready_Held'Count > 0;
            when Server_Go =>
               return Server_Rendezvous.Go'Count + Go_Held'Count > 0;
            when Server_Request =>
               return Server_Rendezvous.Request (Priority'Val (Alternative.Index))'Count
                 + Request_Held (Priority'Val (Alternative.Index))'Count > 0;
            when Server_Report =>
               return Server_Rendezvous.Report'Count + Report_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Server_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Ready_Take (All_Queued : out Boolean) is
      begin
         All_Queued := Ready_All_Queued;
         Chosen := Server_No_Entry;
      end Ready_Take;

      procedure Ready_Woken (All_Queued : in Boolean) is
      begin
         Disarm;
         Chosen := Server_Ready;
         Ready_All_Queued := All_Queued;
         Ready_Done := False;
      end Ready_Woken;

      procedure Ready_Accept_End (All_Queued : in Boolean) is
      begin
         Ready_All_Queued := All_Queued;
         Ready_Done := True;
      end Ready_Accept_End;

      procedure Ready_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Ready_Failure, Occurrence);
         Ready_Raised := True;
         Ready_Done := True;
      end Ready_Failed;

      entry Ready_Queue (All_Queued : out Boolean)
        when Ready_Done or else Closed is
      begin
         if not Ready_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Ready_Done := False;
         if Ready_Raised then
            Ready_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Ready_Failure);
         end if;
         All_Queued := Ready_All_Queued;
      end Ready_Queue;

      procedure Go_Take is
      begin
         Chosen := Server_No_Entry;
      end Go_Take;

      procedure Go_Woken is
      begin
         Disarm;
         Chosen := Server_Go;
      end Go_Woken;

      procedure Request_Take (X : out Integer) is
      begin
         X := Request_X;
         Chosen := Server_No_Entry;
      end Request_Take;

      procedure Request_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Server_Request;
         Request_X := X;
         Request_Done := False;
      end Request_Woken;

      procedure Request_Accept_End is
      begin
         Request_Done := True;
      end Request_Accept_End;

      procedure Request_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Request_Failure, Occurrence);
         Request_Raised := True;
         Request_Done := True;
      end Request_Failed;

      entry Request_Queue (X : in Integer)
        when Request_Done or else Closed is
      begin
         if not Request_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Request_Done := False;
         if Request_Raised then
            Request_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Request_Failure);
         end if;
      end Request_Queue;

      function Request_Count (Index : Priority) return Natural is
      begin
         return Server_Rendezvous.Request (Index)'Count
           + Request_Held (Index)'Count;
      end Request_Count;

      procedure Report_Take
        (Trace : out Natural;
         Sums : out Sum_Array;
         Served : out Natural;
         Violations : out Natural) is
      begin
         Trace := Report_Trace;
         Sums := Report_Sums;
         Served := Report_Served;
         Violations := Report_Violations;
         Chosen := Server_No_Entry;
      end Report_Take;

      procedure Report_Woken
        (Trace : in Natural;
         Sums : in Sum_Array;
         Served : in Natural;
         Violations : in Natural) is
      begin
         Disarm;
         Chosen := Server_Report;
         Report_Trace := Trace;
         Report_Sums := Sums;
         Report_Served := Served;
         Report_Violations := Violations;
         Report_Done := False;
      end Report_Woken;

      procedure Report_Accept_End
        (Trace : in Natural;
         Sums : in Sum_Array;
         Served : in Natural;
         Violations : in Natural) is
      begin
         Report_Trace := Trace;
         Report_Sums := Sums;
         Report_Served := Served;
         Report_Violations := Violations;
         Report_Done := True;
      end Report_Accept_End;

      procedure Report_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Sums : in Sum_Array) is
      begin
         Report_Sums := Sums;
         Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
         Report_Raised := True;
         Report_Done := True;
      end Report_Failed;

      entry Report_Queue
        (Trace : out Natural;
         Sums : out Sum_Array;
         Served : out Natural;
         Violations : out Natural)
        when Report_Done or else Closed is
      begin
         if not Report_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Report_Done := False;
         if Report_Raised then
            Report_Raised := False;
            Sums := Report_Sums;
            Ada.Exceptions.Reraise_Occurrence (Report_Failure);
         end if;
         Trace := Report_Trace;
         Sums := Report_Sums;
         Served := Report_Served;
         Violations := Report_Violations;
      end Report_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Server_Rendezvous;

   task body Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Server_Closer);
      overriding procedure Finalize (Object : in out Server_Closer) is
      begin
         Server_Rendezvous.Close;
      end Finalize;
      Closer : Server_Closer;
      Open     : Boolean := False;
      Got      : Boolean := False;   --  a Request was served this round
      Last     : Priority := Low;    --  family member just served
      Totals   : Sum_Array := (others => 0);
      Order    : Natural := 0;       --  order of the served classes
      Count    : Natural := 0;       --  requests served
      Bad      : Natural := 0;       --  lower priority served too early
   begin
      loop
         declare
            Alternatives : constant Server_Alternative_List :=
              (1 => (Server_Ready, 0),
               2 => ((if not Open then Server_Go else Server_No_Entry), 0),
               3 => (if Open then (Server_Request, Priority'Pos (High)) else (Server_No_Entry, 0)),
               4 => (if Open and then Server_Rendezvous.Request_Count (High) = 0 then (Server_Request, Priority'Pos (Mid)) else (Server_No_Entry, 0)),
               5 => (if Open and then Server_Rendezvous.Request_Count (High) = 0 and then Server_Rendezvous.Request_Count (Mid) = 0 then (Server_Request, Priority'Pos (Low)) else (Server_No_Entry, 0)),
               6 => (Server_Report, 0));
            Choice : Natural;
         begin
            Server_Rendezvous.Select_Arm
              (Order_2 => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : out Boolean) do
                     Server_Rendezvous.Ready_Woken (Value_1);
                     requeue Server_Rendezvous.Ready_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) do
                     Server_Rendezvous.Go_Woken;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : in Integer) do
                     Server_Rendezvous.Request_Woken (Value_1);
                     requeue Server_Rendezvous.Request_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  accept Wake_3 (4) (Value_1 : in Integer) do
                     Server_Rendezvous.Request_Woken (Value_1);
                     requeue Server_Rendezvous.Request_Queue;
                  end Wake_3;
                  Choice := 4;
               or
                  accept Wake_3 (5) (Value_1 : in Integer) do
                     Server_Rendezvous.Request_Woken (Value_1);
                     requeue Server_Rendezvous.Request_Queue;
                  end Wake_3;
                  Choice := 5;
               or
                  accept Wake_4 (6)
                    
                      (Value_1 : out Natural;
                       Value_2 : out Sum_Array;
                       Value_3 : out Natural;
                       Value_4 : out Natural) do
                     Server_Rendezvous.Report_Woken (Value_1, Value_2, Value_3, Value_4);
                     requeue Server_Rendezvous.Report_Queue;
                  end Wake_4;
                  Choice := 6;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : out Boolean) do
                        requeue Server_Rendezvous.Ready_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) do
                        requeue Server_Rendezvous.Go_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : in Integer) do
                        requeue Server_Rendezvous.Request_Held (Priority'Val (Alternatives (3).Index)) with abort;
                     end Wake_3;
                  or
                     accept Wake_3 (4) (Value_1 : in Integer) do
                        requeue Server_Rendezvous.Request_Held (Priority'Val (Alternatives (4).Index)) with abort;
                     end Wake_3;
                  or
                     accept Wake_3 (5) (Value_1 : in Integer) do
                        requeue Server_Rendezvous.Request_Held (Priority'Val (Alternatives (5).Index)) with abort;
                     end Wake_3;
                  or
                     accept Wake_4 (6)
                       
                         (Value_1 : out Natural;
                          Value_2 : out Sum_Array;
                          Value_3 : out Natural;
                          Value_4 : out Natural) do
                        requeue Server_Rendezvous.Report_Held with abort;
                     end Wake_4;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     All_Queued : Boolean;
                  begin
                     Server_Rendezvous.Ready_Take (All_Queued);
                     begin
                        All_Queued := Server_Rendezvous.Request_Count (Low) + Server_Rendezvous.Request_Count (Mid)
                                      + Server_Rendezvous.Request_Count (High) = Expected;
                     exception
                        when Occurrence : others =>
                           Server_Rendezvous.Ready_Failed (Occurrence);
                           raise;
                     end;
                     Server_Rendezvous.Ready_Accept_End (All_Queued);
                  end;
               when 2 =>
                  Server_Rendezvous.Go_Take;
                  Open := True;
               when 3 =>
                  declare
                     X : Integer;
                  begin
                     Server_Rendezvous.Request_Take (X);
                     begin
                        Totals (High) := Totals (High) + X;
                     exception
                        when Occurrence : others =>
                           Server_Rendezvous.Request_Failed (Occurrence);
                           raise;
                     end;
                     Server_Rendezvous.Request_Accept_End;
                  end;
                  Last := High;
                  Got := True;
               when 4 =>
                  declare
                     X : Integer;
                  begin
                     Server_Rendezvous.Request_Take (X);
                     begin
                        Totals (Mid) := Totals (Mid) + X;
                        if Server_Rendezvous.Request_Count (High) > 0 then
                           Bad := Bad + 1;
                        end if;
                     exception
                        when Occurrence : others =>
                           Server_Rendezvous.Request_Failed (Occurrence);
                           raise;
                     end;
                     Server_Rendezvous.Request_Accept_End;
                  end;
                  Last := Mid;
                  Got := True;
               when 5 =>
                  declare
                     X : Integer;
                  begin
                     Server_Rendezvous.Request_Take (X);
                     begin
                        Totals (Low) := Totals (Low) + X;
                        if Server_Rendezvous.Request_Count (High) + Server_Rendezvous.Request_Count (Mid) > 0 then
                           Bad := Bad + 1;
                        end if;
                     exception
                        when Occurrence : others =>
                           Server_Rendezvous.Request_Failed (Occurrence);
                           raise;
                     end;
                     Server_Rendezvous.Request_Accept_End;
                  end;
                  Last := Low;
                  Got := True;
               when 6 =>
                  declare
                     Trace : Natural;
                     Sums : Sum_Array;
                     Served : Natural;
                     Violations : Natural;
                  begin
                     Server_Rendezvous.Report_Take (Trace, Sums, Served, Violations);
                     begin
                        Trace := Order;
                        Sums := Totals;
                        Served := Count;
                        Violations := Bad;
                     exception
                        when Occurrence : others =>
                           Server_Rendezvous.Report_Failed (Occurrence, Sums);
                           raise;
                     end;
                     Server_Rendezvous.Report_Accept_End (Trace, Sums, Served, Violations);
                  end;
               when others =>
                  null;
            end case;
         end;

         if Got then
            Count := Count + 1;
            Order := Order * 3 + Priority'Pos (Last);
            Got := False;
         end if;
      end loop;
   end Server_Agent;

end Dispatch;
