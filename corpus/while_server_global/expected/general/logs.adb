with Ada.Finalization;
package body Logs is

   protected body Logger is

      entry Log (X : Integer)
        when Closed
          or else (Chosen = Logger_No_Entry
                   and then Log_Armed
                   and then Log_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Logger_Agent.Wake_1
              (Position_Of ((Id => Logger_Log, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Logger_Log, Index => 0));
         Disarm;
         Chosen := Logger_Log;
         Log_X := X;
         Log_Done := False;
         requeue Log_Queue;
      end Log;

      entry Log_Held (X : Integer)
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
      end Log_Held;

      entry Flush (Sum : out Integer)
        when Closed
          or else (Chosen = Logger_No_Entry
                   and then Flush_Armed
                   and then Flush_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Logger_Agent.Wake_2
              (Position_Of ((Id => Logger_Flush, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Logger_Flush, Index => 0));
         Disarm;
         Chosen := Logger_Flush;
         Flush_Sum := Sum;
         Flush_Done := False;
         requeue Flush_Queue;
      end Flush;

      entry Flush_Held (Sum : out Integer)
        when Closed or else (Chosen = Logger_No_Entry and then Flush_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Flush, Index => 0));
         Disarm;
         Chosen := Logger_Flush;
         Flush_Sum := Sum;
         Flush_Done := False;
         requeue Flush_Queue;
      end Flush_Held;

      entry Stop
        when Closed
          or else (Chosen = Logger_No_Entry
                   and then Stop_Armed
                   and then Stop_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Logger_Agent.Wake_3
              (Position_Of ((Id => Logger_Stop, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Logger_Stop, Index => 0));
         Disarm;
         Chosen := Logger_Stop;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

      entry Stop_Held
        when Closed or else (Chosen = Logger_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Stop, Index => 0));
         Disarm;
         Chosen := Logger_Stop;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop_Held;

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
         Via_Wake := Wake and then Found = 0;
         if Via_Wake then
            return;
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
         Flush_Armed := False;
         Stop_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Logger_Alternative) is
      begin
         case Alternative.Id is
            when Logger_Log =>
               Log_Armed := True;
            when Logger_Flush =>
               Flush_Armed := True;
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
               return Logger.Log'Count + Log_Held'Count > 0;
            when Logger_Flush =>
               return Logger.Flush'Count + Flush_Held'Count > 0;
            when Logger_Stop =>
               return Logger.Stop'Count + Stop_Held'Count > 0;
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

      procedure Log_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Logger_Log;
         Log_X := X;
         Log_Done := False;
      end Log_Woken;

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

      procedure Flush_Take (Sum : out Integer) is
      begin
         Sum := Flush_Sum;
         Chosen := Logger_No_Entry;
      end Flush_Take;

      procedure Flush_Woken (Sum : in Integer) is
      begin
         Disarm;
         Chosen := Logger_Flush;
         Flush_Sum := Sum;
         Flush_Done := False;
      end Flush_Woken;

      procedure Flush_Accept_End (Sum : in Integer) is
      begin
         Flush_Sum := Sum;
         Flush_Done := True;
      end Flush_Accept_End;

      procedure Flush_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Flush_Failure, Occurrence);
         Flush_Raised := True;
         Flush_Done := True;
      end Flush_Failed;

      entry Flush_Queue (Sum : out Integer)
        when Flush_Done or else Closed is
      begin
         if not Flush_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Flush_Done := False;
         if Flush_Raised then
            Flush_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Flush_Failure);
         end if;
         Sum := Flush_Sum;
      end Flush_Queue;

      procedure Stop_Take is
      begin
         Chosen := Logger_No_Entry;
      end Stop_Take;

      procedure Stop_Woken is
      begin
         Disarm;
         Chosen := Logger_Stop;
         Stop_Done := False;
      end Stop_Woken;

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
      Total : Integer := 0;
   begin
      while not Stopping loop
         declare
            Alternatives : constant Logger_Alternative_List :=
              (1 => (Logger_Log, 0),
               2 => (Logger_Flush, 0),
               3 => (Logger_Stop, 0));
            Choice : Natural;
         begin
            Logger.Select_Arm
              (Order => Alternatives,
               Poll => False,
               Timed_Wait => False,
               Wake => True,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Logger.Log_Woken (Value_1);
                     requeue Logger.Log_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Logger.Flush_Woken (Value_1);
                     requeue Logger.Flush_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) do
                     Logger.Stop_Woken;
                     requeue Logger.Stop_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Logger.Log_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Logger.Flush_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) do
                        requeue Logger.Stop_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Logger.Log_Take (X);
                     begin
                        Total := Total + X;
                     exception
                        when Occurrence : others =>
                           Logger.Log_Failed (Occurrence);
                           raise;
                     end;
                     Logger.Log_Accept_End;
                  end;
               when 2 =>
                  declare
                     Sum : Integer;
                  begin
                     Logger.Flush_Take (Sum);
                     begin
                        Sum := Total;
                     exception
                        when Occurrence : others =>
                           Logger.Flush_Failed (Occurrence);
                           raise;
                     end;
                     Logger.Flush_Accept_End (Sum);
                  end;
               when 3 =>
                  Logger.Stop_Take;
                  begin
                     Stopping := True;
                  exception
                     when Occurrence : others =>
                        Logger.Stop_Failed (Occurrence);
                        raise;
                  end;
                  Logger.Stop_Accept_End;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Logger_Agent;

end Logs;
