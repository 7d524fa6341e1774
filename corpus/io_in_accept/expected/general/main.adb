--  A logging server whose accept body writes with Ada.Text_IO.Put_Line.
--  Only the main procedure calls Log, one call at a time, so the lines
--  come out in the order of the calls.

with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   type Logger_Entry is
     (Logger_No_Entry,
      Logger_Log,
      Logger_Count,
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
      entry Count (N : out Natural);
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
      procedure Count_Take (N : out Natural);
      procedure Count_Accept_End (N : in Natural);
      procedure Count_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Count_Queue (N : out Natural);
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
      Count_Armed : Boolean := False;
      Count_N : Natural;
      Count_Done : Boolean := False;
      Count_Raised : Boolean := False;
      Count_Failure : Ada.Exceptions.Exception_Occurrence;
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

      entry Count (N : out Natural)
        when Closed or else (Chosen = Logger_No_Entry and then Count_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Count, Index => 0));
         Disarm;
         Chosen := Logger_Count;
         Count_N := N;
         Count_Done := False;
         requeue Count_Queue;
      end Count;

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
         Count_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Logger_Alternative) is
      begin
         case Alternative.Id is
            when Logger_Log =>
               Log_Armed := True;
            when Logger_Count =>
               Count_Armed := True;
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
            when Logger_Count =>
               return Logger.Count'Count > 0;
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

      procedure Count_Take (N : out Natural) is
      begin
         N := Count_N;
         Chosen := Logger_No_Entry;
      end Count_Take;

      procedure Count_Accept_End (N : in Natural) is
      begin
         Count_N := N;
         Count_Done := True;
      end Count_Accept_End;

      procedure Count_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Count_Failure, Occurrence);
         Count_Raised := True;
         Count_Done := True;
      end Count_Failed;

      entry Count_Queue (N : out Natural)
        when Count_Done or else Closed is
      begin
         if not Count_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Count_Done := False;
         if Count_Raised then
            Count_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Count_Failure);
         end if;
         N := Count_N;
      end Count_Queue;

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
      Lines : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Logger.Select_Arm
              (Order => (1 => (Logger_Log, 0),
                         2 => (Logger_Count, 0),
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
                           Lines := Lines + 1;
                           Ada.Text_IO.Put_Line
                             ("log" & Natural'Image (Lines) & ": " & Msg);
                        exception
                           when Occurrence : others =>
                              Logger.Log_Failed (Occurrence);
                              raise;
                        end;
                        Logger.Log_Accept_End;
                     end;
                  end;
               when 2 =>
                  declare
                     N : Natural;
                  begin
                     Logger.Count_Take (N);
                     begin
                        N := Lines;
                     exception
                        when Occurrence : others =>
                           Logger.Count_Failed (Occurrence);
                           raise;
                     end;
                     Logger.Count_Accept_End (N);
                  end;
               when 3 =>
                  Logger.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Logger_Agent;

   Total : Natural;

begin
   Logger.Log ("starting");
   for I in 1 .. 5 loop
      Logger.Log ("step" & Integer'Image (I) & " of 5");
   end loop;
   Logger.Log ("done");
   Logger.Count (Total);
   Logger.Stop;
   Ada.Text_IO.Put_Line ("Lines logged:" & Natural'Image (Total));
   if Total = 7 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;
