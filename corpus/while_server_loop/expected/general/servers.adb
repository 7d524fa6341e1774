with Ada.Finalization;
package body Servers is

   --  Running is cleared after Stop; the loop test then ends the task.
   protected body Logger is

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
            if Order (K).Id /= Logger_No_Entry then
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
        (Order : Logger_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
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
               return Logger.Log'Count > 0;
            when Logger_Total =>
               return Logger.Total'Count > 0;
            when Logger_Stop =>
               return Logger.Stop'Count > 0;
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
   end Logger;

   task body Logger_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Logger_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Logger_Closer);
      overriding procedure Finalize (Object : in out Logger_Closer) is
      begin
         Logger.Close;
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
            Logger.Select_Arm
              (Order => (1 => (Logger_Log, 0),
                         2 => (Logger_Total, 0),
                         3 => (Logger_Stop, 0)),
               Poll => False,
               Timed_Wait => False,
               Wake => False,
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Logger.Log_Take (X);
                     begin
                        Sum := Sum + X;
                     exception
                        when Occurrence : others =>
                           Logger.Log_Failed (Occurrence);
                           raise;
                     end;
                     Logger.Log_Accept_End;
                  end;
                  Calls := Calls + 1;
               when 2 =>
                  declare
                     T : Integer;
                  begin
                     Logger.Total_Take (T);
                     begin
                        T := Sum * 1000 + Calls;
                     exception
                        when Occurrence : others =>
                           Logger.Total_Failed (Occurrence);
                           raise;
                     end;
                     Logger.Total_Accept_End (T);
                  end;
               when 3 =>
                  Logger.Stop_Take;
                  Running := False;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Logger_Agent;

   --  Ends after Max ticks: the test reads a typed constant of the task.
   protected body Counter is

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
   end Counter;

   task body Counter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Counter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Counter_Closer);
      overriding procedure Finalize (Object : in out Counter_Closer) is
      begin
         Counter.Close;
      end Finalize;
      Closer : Counter_Closer;
      Max   : constant Natural := 3;
      Count : Natural := 0;
   begin
      while Count < Max loop
         declare
            N : Natural;
         begin
            Counter.Tick_Accept_Begin (N);
            begin
               N := Count;
            exception
               when Occurrence : others =>
                  Counter.Tick_Failed (Occurrence);
                  raise;
            end;
            Counter.Tick_Accept_End (N);
         end;
         Count := Count + 1;
      end loop;
   end Counter_Agent;

   --  The condition is False at once: the task ends without accepting.
   protected body Never is

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
   end Never;

   task body Never_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Never_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Never_Closer);
      overriding procedure Finalize (Object : in out Never_Closer) is
      begin
         Never.Close;
      end Finalize;
      Closer : Never_Closer;
      Enabled : Boolean := False;
   begin
      while Enabled loop
         Never.Ping_Accept_Begin;
         Enabled := not Enabled;
      end loop;
   end Never_Agent;

end Servers;
