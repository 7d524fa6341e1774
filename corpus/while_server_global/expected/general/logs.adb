with Ada.Exceptions;
with Ada.Finalization;
package body Logs is

   type Logger_Entry is
     (Logger_No_Entry,
      Logger_Log,
      Logger_Flush,
      Logger_Stop);
   type Logger_Alternative is record
      Id : Logger_Entry := Logger_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Logger_Alternative_List is array (Positive range <>) of Logger_Alternative;
   --  rdv2po: the rendezvous of task Logger, for Logger_Agent
   protected Logger_Rendezvous is
      entry Log (X : Integer);
      entry Flush (Sum : out Integer);
      entry Stop;
      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      entry Log_Held (X : Integer);
      procedure Log_Woken (X : in Integer);
      procedure Log_Take (X : out Integer);
      procedure Log_Accept_End;
      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Log_Queue (X : in Integer);
      entry Flush_Held (Sum : out Integer);
      procedure Flush_Woken (Sum : in Integer);
      procedure Flush_Take (Sum : out Integer);
      procedure Flush_Accept_End (Sum : in Integer);
      procedure Flush_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Flush_Queue (Sum : out Integer);
      entry Stop_Held;
      procedure Stop_Woken;
      procedure Stop_Take;
      procedure Stop_Accept_End;
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue;
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
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Log_Armed : Boolean := False;
      Log_X : Integer;
      Log_Done : Boolean := False;
      Log_Raised : Boolean := False;
      Log_Failure : Ada.Exceptions.Exception_Occurrence;
      Flush_Armed : Boolean := False;
      Flush_Sum : Integer;
      Flush_Done : Boolean := False;
      Flush_Raised : Boolean := False;
      Flush_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Logger_Rendezvous;
   task Logger_Agent is
      --  rdv2po: general scheme agent of Logger_Rendezvous
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Integer);
      entry Wake_3 (Positive range 1 .. 3);
   end Logger_Agent;

   protected body Logger is
      --  rdv2po: each call goes on to Logger_Rendezvous, as cancellable as it
      --  was
      entry Log (X : Integer) when True is
      begin
         requeue Logger_Rendezvous.Log with abort;
      end Log;

      entry Flush (Sum : out Integer) when True is
      begin
         requeue Logger_Rendezvous.Flush with abort;
      end Flush;

      entry Stop when True is
      begin
         requeue Logger_Rendezvous.Stop with abort;
      end Stop;
   end Logger;

   protected body Logger_Rendezvous is

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
         Log_Woken (X);
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
         Log_Woken (X);
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
         Flush_Woken (Sum);
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
         Flush_Woken (Sum);
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
         Stop_Woken;
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
         Stop_Woken;
         requeue Stop_Queue;
      end Stop_Held;

      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Logger_No_Entry then
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
        (Order : Logger_Alternative_List;
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
               return Logger_Rendezvous.Log'Count + Log_Held'Count > 0;
            when Logger_Flush =>
               return Logger_Rendezvous.Flush'Count + Flush_Held'Count > 0;
            when Logger_Stop =>
               return Logger_Rendezvous.Stop'Count + Stop_Held'Count > 0;
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
            Logger_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Logger_Rendezvous.Log_Woken (Value_1);
                     requeue Logger_Rendezvous.Log_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Logger_Rendezvous.Flush_Woken (Value_1);
                     requeue Logger_Rendezvous.Flush_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) do
                     Logger_Rendezvous.Stop_Woken;
                     requeue Logger_Rendezvous.Stop_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Logger_Rendezvous.Log_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Logger_Rendezvous.Flush_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) do
                        requeue Logger_Rendezvous.Stop_Held with abort;
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
                     Logger_Rendezvous.Log_Take (X);
                     begin
                        Total := Total + X;
                     exception
                        when Occurrence : others =>
                           Logger_Rendezvous.Log_Failed (Occurrence);
                           raise;
                     end;
                     Logger_Rendezvous.Log_Accept_End;
                  end;
               when 2 =>
                  declare
                     Sum : Integer;
                  begin
                     Logger_Rendezvous.Flush_Take (Sum);
                     begin
                        Sum := Total;
                     exception
                        when Occurrence : others =>
                           Logger_Rendezvous.Flush_Failed (Occurrence);
                           raise;
                     end;
                     Logger_Rendezvous.Flush_Accept_End (Sum);
                  end;
               when 3 =>
                  Logger_Rendezvous.Stop_Take;
                  begin
                     Stopping := True;
                  exception
                     when Occurrence : others =>
                        Logger_Rendezvous.Stop_Failed (Occurrence);
                        raise;
                  end;
                  Logger_Rendezvous.Stop_Accept_End;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Logger_Agent;

end Logs;
