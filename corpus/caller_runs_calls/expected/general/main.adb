--  Conditional and timed calls of a logger the caller-runs scheme takes: the
--  select applies to taking the logger's turn only (a guard closes Log while
--  the logger is held); a conditional call after the logger completed raises
--  Tasking_Error.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Logger_Entry is
     (Logger_No_Entry,
      Logger_Log,
      Logger_Hold,
      Logger_Stop);
   type Logger_Log_Msg_Access is access String;
   procedure Free_Log_Msg is new Ada.Unchecked_Deallocation
     (String,
      Logger_Log_Msg_Access);
   type Logger_Alternative is record
      Id : Logger_Entry := Logger_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Logger_Alternative_List is array (Positive range <>) of Logger_Alternative;
   --  rdv2po: task Logger became this protected object; its code runs in the
   --  task Logger_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Logger is
      entry Log (Msg : String);
      entry Hold;
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Logger_Agent
      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      procedure Log_Take;
      function Log_Msg_Value return String;
      procedure Log_Accept_End;
      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Log_Queue (Msg : in String);
      procedure Hold_Take;
      procedure Hold_Accept_End;
      procedure Hold_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Hold_Queue;
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
      Log_Msg : Logger_Log_Msg_Access;
      Log_Done : Boolean := False;
      Log_Raised : Boolean := False;
      Log_Failure : Ada.Exceptions.Exception_Occurrence;
      Hold_Armed : Boolean := False;
      Hold_Done : Boolean := False;
      Hold_Raised : Boolean := False;
      Hold_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Logger;
   task Logger_Agent is
      --  rdv2po: general scheme agent of Logger
   end Logger_Agent;

   protected body Logger is

      entry Log (Msg : String)
        when Closed or else (Chosen = Logger_No_Entry and then Log_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Log, Index => 0));
         Disarm;
         Chosen := Logger_Log;
         Log_Msg := new String'(Msg);
         Log_Done := False;
         requeue Log_Queue;
      end Log;

      entry Hold
        when Closed or else (Chosen = Logger_No_Entry and then Hold_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Hold, Index => 0));
         Disarm;
         Chosen := Logger_Hold;
         Hold_Done := False;
         requeue Hold_Queue;
      end Hold;

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
         Hold_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Logger_Alternative) is
      begin
         case Alternative.Id is
            when Logger_Log =>
               Log_Armed := True;
            when Logger_Hold =>
               Hold_Armed := True;
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
            when Logger_Hold =>
               return Logger.Hold'Count > 0;
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

      procedure Log_Take is
      begin
         Chosen := Logger_No_Entry;
      end Log_Take;

      function Log_Msg_Value return String is
      begin
         return Log_Msg.all;
      end Log_Msg_Value;

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

      entry Log_Queue (Msg : in String)
        when Log_Done or else Closed is
      begin
         if not Log_Done then
            Free_Log_Msg (Log_Msg);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Log_Done := False;
         if Log_Raised then
            Log_Raised := False;
            Free_Log_Msg (Log_Msg);
            Ada.Exceptions.Reraise_Occurrence (Log_Failure);
         end if;
         Free_Log_Msg (Log_Msg);
      end Log_Queue;

      procedure Hold_Take is
      begin
         Chosen := Logger_No_Entry;
      end Hold_Take;

      procedure Hold_Accept_End is
      begin
         Hold_Done := True;
      end Hold_Accept_End;

      procedure Hold_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Hold_Failure, Occurrence);
         Hold_Raised := True;
         Hold_Done := True;
      end Hold_Failed;

      entry Hold_Queue
        when Hold_Done or else Closed is
      begin
         if not Hold_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Hold_Done := False;
         if Hold_Raised then
            Hold_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Hold_Failure);
         end if;
      end Hold_Queue;

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
      Count : Natural := 0;
      Running : Boolean := True;
      Held : Boolean := False;
   begin
      while Running loop
         declare
            Choice : Natural;
         begin
            Logger.Select_Arm
              (Order => (1 => ((if not Held then Logger_Log else Logger_No_Entry), 0),
                         2 => (Logger_Hold, 0),
                         3 => (Logger_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  begin
                     Logger.Log_Take;
                     declare
                        Msg : constant String := Logger.Log_Msg_Value;
                     begin
                        begin
                           Put_Line ("log: " & Msg);
                        exception
                           when Occurrence : others =>
                              Logger.Log_Failed (Occurrence);
                              raise;
                        end;
                        Logger.Log_Accept_End;
                     end;
                  end;
                  Count := Count + 1;
               when 2 =>
                  Logger.Hold_Take;
                  begin
                     Put_Line ("hold");
                  exception
                     when Occurrence : others =>
                        Logger.Hold_Failed (Occurrence);
                        raise;
                  end;
                  Logger.Hold_Accept_End;
                  Held := not Held;
               when 3 =>
                  Logger.Stop_Take;
                  Running := False;
               when others =>
                  null;
            end case;
         end;
      end loop;
      Put_Line ("logged" & Natural'Image (Count));
   end Logger_Agent;
begin
   Logger.Log ("one");
   loop   --  the logger may not be back at its select yet: retried until taken
      select
         Logger.Log ("two");
         Put_Line ("two taken");
         exit;
      else
         null;
      end select;
   end loop;
   Logger.Hold;
   select
      Logger.Log ("three");
      Put_Line ("three taken");
   else
      Put_Line ("three refused");
   end select;
   select
      Logger.Log ("four");
   or
      delay 0.05;
      Put_Line ("four timed out");
   end select;
   Logger.Hold;
   select
      Logger.Log (Msg => "five");
      Put_Line ("five taken");
   or
      delay 0.5;
      Put_Line ("five timed out");
   end select;
   Logger.Stop;
   begin
      Logger.Hold;   --  never taken: Tasking_Error once the logger has completed
   exception
      when Tasking_Error => null;
   end;
   begin
      select
         Logger.Log ("six");
      else
         Put_Line ("six refused");
      end select;
   exception
      when Tasking_Error => Put_Line ("six: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
