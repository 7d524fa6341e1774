--  Loggers whose accept bodies print, so they stay out of protected actions:
--  the caller-runs scheme takes them.  Their start-up accept stores formals
--  named like the task's variables, by the variables' expanded names
--  (Logger.Prefix := Prefix), as Ada programmers write it; the discriminant
--  and a variable that no formal hides are named that way too.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Logger;
   type Logger_Entry is
     (Logger_No_Entry,
      Logger_Start,
      Logger_Log,
      Logger_Stop);
   type Logger_Alternative is record
      Id : Logger_Entry := Logger_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Logger_Alternative_List is array (Positive range <>) of Logger_Alternative;
   task type Logger_Agent (Self : not null access Logger; Id : Natural) is
      --  rdv2po: general scheme agent of Logger
   end Logger_Agent;
   --  rdv2po: task type Logger became this protected type; its code runs in
   --  Logger_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Logger (Id : Natural) is
      entry Start (Prefix : Character; Step : Positive);
      entry Log (Value : Integer);
      entry Stop (Lines : out Natural);
      --  rdv2po: the rendezvous protocol, for Logger_Agent
      entry Select_Arm
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Accept_Begin (Prefix : out Character; Step : out Positive);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Prefix : in Character; Step : in Positive);
      procedure Log_Take (Value : out Integer);
      procedure Log_Accept_End;
      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Log_Queue (Value : in Integer);
      procedure Stop_Take (Lines : out Natural);
      procedure Stop_Accept_End (Lines : in Natural);
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue (Lines : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Logger_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Logger_Alternative);
      function Queued (Alternative : Logger_Alternative) return Boolean;
      function Position_Of (Alternative : Logger_Alternative) return Natural;
      Armed_List : Logger_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Logger_Entry := Logger_No_Entry;
      Closed : Boolean := False;
      Start_Prefix : Character;
      Start_Step : Positive;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Log_Armed : Boolean := False;
      Log_Value : Integer;
      Log_Done : Boolean := False;
      Log_Raised : Boolean := False;
      Log_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Lines : Natural;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Logger_Agent (Self => Logger'Unchecked_Access, Id => Id);
   end Logger;

   protected body Logger is

      entry Start (Prefix : Character; Step : Positive)
        when Closed
          or else (Chosen = Logger_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Logger_Start;
         Start_Prefix := Prefix;
         Start_Step := Step;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Log (Value : Integer)
        when Closed or else (Chosen = Logger_No_Entry and then Log_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Log, Index => 0));
         Disarm;
         Chosen := Logger_Log;
         Log_Value := Value;
         Log_Done := False;
         requeue Log_Queue;
      end Log;

      entry Stop (Lines : out Natural)
        when Closed or else (Chosen = Logger_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Logger_Stop, Index => 0));
         Disarm;
         Chosen := Logger_Stop;
         Stop_Lines := Lines;
         Stop_Done := False;
         requeue Stop_Queue;
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
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Logger_Alternative) is
      begin
         case Alternative.Id is
            when Logger_Log =>
               Log_Armed := True;
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

      entry Start_Accept_Begin (Prefix : out Character; Step : out Positive)
        when Chosen = Logger_Start is
      begin
         Prefix := Start_Prefix;
         Step := Start_Step;
         Chosen := Logger_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (Prefix : in Character; Step : in Positive)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      procedure Log_Take (Value : out Integer) is
      begin
         Value := Log_Value;
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

      entry Log_Queue (Value : in Integer)
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

      procedure Stop_Take (Lines : out Natural) is
      begin
         Lines := Stop_Lines;
         Chosen := Logger_No_Entry;
      end Stop_Take;

      procedure Stop_Accept_End (Lines : in Natural) is
      begin
         Stop_Lines := Lines;
         Stop_Done := True;
      end Stop_Accept_End;

      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
         Stop_Raised := True;
         Stop_Done := True;
      end Stop_Failed;

      entry Stop_Queue (Lines : out Natural)
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
         Lines := Stop_Lines;
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
         Self.Close;
      end Finalize;
      Closer : Logger_Closer;
      Prefix : Character := '?';
      Step   : Positive := 1;
      Lines  : Natural := 0;
   begin
      declare
         Prefix : Character;
         Step : Positive;
      begin
         Self.Start_Accept_Begin (Prefix, Step);
         begin
            Logger_Agent.Prefix := Prefix;
            Logger_Agent.Step := Step;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (Logger_Log, 0),
                         2 => (Logger_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Value : Integer;
                  begin
                     Self.Log_Take (Value);
                     begin
                        Logger_Agent.Lines := Logger_Agent.Lines + 1;
                        Put_Line (Logger_Agent.Prefix & Integer'Image (Logger_Agent.Id) & ":"
                                  & Integer'Image (Value * Logger_Agent.Step));
                     exception
                        when Occurrence : others =>
                           Self.Log_Failed (Occurrence);
                           raise;
                     end;
                     Self.Log_Accept_End;
                  end;
               when 2 =>
                  declare
                     Lines : Natural;
                  begin
                     Self.Stop_Take (Lines);
                     begin
                        Lines := Logger_Agent.Lines;
                     exception
                        when Occurrence : others =>
                           Self.Stop_Failed (Occurrence);
                           raise;
                     end;
                     Self.Stop_Accept_End (Lines);
                  end;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Logger_Agent;

   A : Logger (1);
   B : Logger (2);
   N : Natural;
begin
   A.Start ('a', 10);
   B.Start ('b', 100);
   A.Log (1);
   B.Log (2);
   A.Log (3);
   A.Stop (N);
   Put_Line ("a lines:" & Natural'Image (N));
   B.Stop (N);
   Put_Line ("b lines:" & Natural'Image (N));
   Put_Line ("PASSED");
end Main;
