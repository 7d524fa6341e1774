with Ada.Exceptions;
with Ada.Finalization;
package body Servers is

   --  Running is cleared after Stop; the loop test then ends the task.
   type Logger_Entry is
     (Logger_No_Entry,
      Logger_Log,
      Logger_Total,
      Logger_Stop);
   type Logger_Alternative is record
      Id : Logger_Entry := Logger_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Logger_Alternative_List is array (Positive range <>) of Logger_Alternative;
   --  rdv2po: the rendezvous of task Logger, for Logger_Agent
   protected Logger_Rendezvous is
      entry Log (X : Integer);
      entry Total (T : out Integer);
      entry Stop;
      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      procedure Log_Take (X : out Integer);
      procedure Log_Accept_End;
      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Log_Queue (X : in Integer);
      procedure Total_Take (T : out Integer);
      procedure Total_Accept_End (T : in Integer);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (T : out Integer);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Logger_Alternative);
      function Queued (Alternative : Logger_Alternative) return Boolean;
      function Position_Of (Alternative : Logger_Alternative) return Natural;
      Armed_List : Logger_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Logger_Entry := Logger_No_Entry;
      Closed : Boolean := False;
      Log_Armed : Boolean := False;
      Log_X : Integer;
      Log_Done : Boolean := False;
      Log_Raised : Boolean := False;
      Log_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_T : Integer;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Logger_Rendezvous;
   task Logger_Agent is
      --  rdv2po: general scheme agent of Logger_Rendezvous
   end Logger_Agent;

   protected body Logger is
      --  rdv2po: each call goes on to Logger_Rendezvous, as cancellable as it
      --  was
      entry Log (X : Integer) when True is
      begin
         requeue Logger_Rendezvous.Log with abort;
      end Log;

      entry Total (T : out Integer) when True is
      begin
         requeue Logger_Rendezvous.Total with abort;
      end Total;

      entry Stop when True is
      begin
         requeue Logger_Rendezvous.Stop with abort;
      end Stop;
   end Logger;

   protected body Logger_Rendezvous is

      entry Log (X : Integer)
        when Closed or else (Chosen = Logger_No_Entry and then Log_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Log, Index => 0));
         Disarm;
         Chosen := Logger_Log;
         Log_X := X;
         Log_Done := False;
         requeue Log_Queue;
      end Log;

      entry Total (T : out Integer)
        when Closed or else (Chosen = Logger_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Total, Index => 0));
         Disarm;
         Chosen := Logger_Total;
         Total_T := T;
         Total_Done := False;
         requeue Total_Queue;
      end Total;

      entry Stop
        when Closed or else (Chosen = Logger_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Stop, Index => 0));
         Disarm;
         Chosen := Logger_Stop;
      end Stop;

      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Logger_No_Entry then
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
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Logger_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Log_Armed := False;
         Total_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Logger_Alternative) is
      begin
         case Alternative.Id is
            when Logger_Log =>
               Log_Armed := True;
            when Logger_Total =>
               Total_Armed := True;
            when Logger_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Logger_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Logger_Log =>
               return Logger_Rendezvous.Log'Count > 0;
            when Logger_Total =>
               return Logger_Rendezvous.Total'Count > 0;
            when Logger_Stop =>
               return Logger_Rendezvous.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Logger_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Log_Take (X : out Integer) is
      begin
         X := Log_X;
         Chosen := Logger_No_Entry;
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

      entry Log_Queue (X : in Integer)
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

      procedure Total_Take (T : out Integer) is
      begin
         T := Total_T;
         Chosen := Logger_No_Entry;
      end Total_Take;

      procedure Total_Accept_End (T : in Integer) is
      begin
         Total_T := T;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (T : out Integer)
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
         T := Total_T;
      end Total_Queue;

      procedure Stop_Take is
      begin
         Chosen := Logger_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Logger_Rendezvous;

   task body Logger_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Logger_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Logger_Closer);
      overriding procedure Finalize (Object : in out Logger_Closer) is
      begin
         Logger_Rendezvous.Close;
      end Finalize;
      Closer : Logger_Closer;
      Running : Boolean := True;
      Sum     : Integer := 0;
      Calls   : Natural := 0;
   begin
      while Running loop
         declare
            Choice : Natural;
         begin
            Logger_Rendezvous.Select_Arm
              (Order => (1 => (Logger_Log, 0),
                         2 => (Logger_Total, 0),
                         3 => (Logger_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Logger_Rendezvous.Log_Take (X);
                     begin
                        Sum := Sum + X;
                     exception
                        when Occurrence : others =>
                           Logger_Rendezvous.Log_Failed (Occurrence);
                           raise;
                     end;
                     Logger_Rendezvous.Log_Accept_End;
                  end;
                  Calls := Calls + 1;
               when 2 =>
                  declare
                     T : Integer;
                  begin
                     Logger_Rendezvous.Total_Take (T);
                     begin
                        T := Sum * 1000 + Calls;
                     exception
                        when Occurrence : others =>
                           Logger_Rendezvous.Total_Failed (Occurrence);
                           raise;
                     end;
                     Logger_Rendezvous.Total_Accept_End (T);
                  end;
               when 3 =>
                  Logger_Rendezvous.Stop_Take;
                  Running := False;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Logger_Agent;

   --  Ends after Max ticks: the test reads a typed constant of the task.
   type Counter_Entry is (Counter_No_Entry, Counter_Tick);
   --  rdv2po: the rendezvous of task Counter, for Counter_Agent
   protected Counter_Rendezvous is
      entry Tick (N : out Natural);
      entry Tick_Accept_Begin (N : out Natural);
      procedure Tick_Accept_End (N : in Natural);
      procedure Tick_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Tick_Queue (N : out Natural);
      procedure Close;
   private
      Chosen : Counter_Entry := Counter_No_Entry;
      Closed : Boolean := False;
      Tick_N : Natural;
      Tick_Done : Boolean := False;
      Tick_Raised : Boolean := False;
      Tick_Failure : Ada.Exceptions.Exception_Occurrence;
   end Counter_Rendezvous;
   task Counter_Agent is
      --  rdv2po: general scheme agent of Counter_Rendezvous
   end Counter_Agent;

   protected body Counter is
      --  rdv2po: each call goes on to Counter_Rendezvous, as cancellable as it
      --  was
      entry Tick (N : out Natural) when True is
      begin
         requeue Counter_Rendezvous.Tick with abort;
      end Tick;
   end Counter;

   protected body Counter_Rendezvous is

      entry Tick (N : out Natural)
        when Closed
          or else (Chosen = Counter_No_Entry
                   and then Tick_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Counter_Tick;
         Tick_N := N;
         Tick_Done := False;
         requeue Tick_Queue;
      end Tick;

      entry Tick_Accept_Begin (N : out Natural)
        when Chosen = Counter_Tick is
      begin
         N := Tick_N;
         Chosen := Counter_No_Entry;
      end Tick_Accept_Begin;

      procedure Tick_Accept_End (N : in Natural) is
      begin
         Tick_N := N;
         Tick_Done := True;
      end Tick_Accept_End;

      procedure Tick_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Tick_Failure, Occurrence);
         Tick_Raised := True;
         Tick_Done := True;
      end Tick_Failed;

      entry Tick_Queue (N : out Natural)
        when Tick_Done or else Closed is
      begin
         if not Tick_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Tick_Done := False;
         if Tick_Raised then
            Tick_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Tick_Failure);
         end if;
         N := Tick_N;
      end Tick_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Counter_Rendezvous;

   task body Counter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Counter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Counter_Closer);
      overriding procedure Finalize (Object : in out Counter_Closer) is
      begin
         Counter_Rendezvous.Close;
      end Finalize;
      Closer : Counter_Closer;
      Max   : constant Natural := 3;
      Count : Natural := 0;
   begin
      while Count < Max loop
         declare
            N : Natural;
         begin
            Counter_Rendezvous.Tick_Accept_Begin (N);
            begin
               N := Count;
            exception
               when Occurrence : others =>
                  Counter_Rendezvous.Tick_Failed (Occurrence);
                  raise;
            end;
            Counter_Rendezvous.Tick_Accept_End (N);
         end;
         Count := Count + 1;
      end loop;
   end Counter_Agent;

   --  The condition is False at once: the task ends without accepting.
   type Never_Entry is (Never_No_Entry, Never_Ping);
   --  rdv2po: the rendezvous of task Never, for Never_Agent
   protected Never_Rendezvous is
      entry Ping;
      entry Ping_Accept_Begin;
      procedure Close;
   private
      Chosen : Never_Entry := Never_No_Entry;
      Closed : Boolean := False;
   end Never_Rendezvous;
   task Never_Agent is
      --  rdv2po: general scheme agent of Never_Rendezvous
   end Never_Agent;

   protected body Never is
      --  rdv2po: each call goes on to Never_Rendezvous, as cancellable as it
      --  was
      entry Ping when True is
      begin
         requeue Never_Rendezvous.Ping with abort;
      end Ping;
   end Never;

   protected body Never_Rendezvous is

      entry Ping
        when Closed
          or else (Chosen = Never_No_Entry
                   and then Ping_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Never_Ping;
      end Ping;

      entry Ping_Accept_Begin
        when Chosen = Never_Ping is
      begin
         Chosen := Never_No_Entry;
      end Ping_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Never_Rendezvous;

   task body Never_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Never_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Never_Closer);
      overriding procedure Finalize (Object : in out Never_Closer) is
      begin
         Never_Rendezvous.Close;
      end Finalize;
      Closer : Never_Closer;
      Enabled : Boolean := False;
   begin
      while Enabled loop
         Never_Rendezvous.Ping_Accept_Begin;
         Enabled := not Enabled;
      end loop;
   end Never_Agent;

end Servers;
