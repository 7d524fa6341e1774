--  A logging server whose loop is 'while True loop': the same loop as a plain
--  'loop', whose test is known without running the task.  The accept body
--  prints, so the caller-runs scheme runs it in the caller.

with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   type Log_Entry is (Log_No_Entry, Log_Write);
   type Log_Write_S_Access is access String;
   procedure Free_Write_S is new Ada.Unchecked_Deallocation
     (String,
      Log_Write_S_Access);
   type Log_Alternative is record
      Id : Log_Entry := Log_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Log_Alternative_List is array (Positive range <>) of Log_Alternative;
   --  rdv2po: task Log became this protected object; its code runs in the task
   --  Log_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Log is
      entry Write (S : String);
      --  rdv2po: the rendezvous protocol, for Log_Agent
      entry Select_Arm
        (Order : Log_Alternative_List;
         Chosen_Position : out Natural);
      entry Write_Held (S : String);
      procedure Write_Woken (S : in String);
      procedure Write_Take;
      function Write_S_Value return String;
      procedure Write_Accept_End;
      procedure Write_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Write_Queue (S : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Log_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Log_Alternative);
      function Queued (Alternative : Log_Alternative) return Boolean;
      function Position_Of (Alternative : Log_Alternative) return Natural;
      Armed_List : Log_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Log_Entry := Log_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Write_Armed : Boolean := False;
      Write_S : Log_Write_S_Access;
      Write_Done : Boolean := False;
      Write_Raised : Boolean := False;
      Write_Failure : Ada.Exceptions.Exception_Occurrence;
   end Log;
   task Log_Agent is
      --  rdv2po: general scheme agent of Log
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Log_Agent;

   protected body Log is

      entry Write (S : String)
        when Closed
          or else (Chosen = Log_No_Entry
                   and then Write_Armed
                   and then Write_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Log_Agent.Wake_1
              (Position_Of ((Id => Log_Write, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Log_Write, Index => 0));
         Write_Woken (S);
         requeue Write_Queue;
      end Write;

      entry Write_Held (S : String)
        when Closed or else (Chosen = Log_No_Entry and then Write_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Log_Write, Index => 0));
         Write_Woken (S);
         requeue Write_Queue;
      end Write_Held;

      entry Select_Arm
        (Order : Log_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Log_No_Entry then
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
        (Order : Log_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Log_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Write_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Log_Alternative) is
      begin
         case Alternative.Id is
            when Log_Write =>
               Write_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Log_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Log_Write =>
               return Log.Write'Count + Write_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Log_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Write_Take is
      begin
         Chosen := Log_No_Entry;
      end Write_Take;

      procedure Write_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Log_Write;
         Write_S := new String'(S);
         Write_Done := False;
      end Write_Woken;

      function Write_S_Value return String is
      begin
         return Write_S.all;
      end Write_S_Value;

      procedure Write_Accept_End is
      begin
         Write_Done := True;
      end Write_Accept_End;

      procedure Write_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Write_Failure, Occurrence);
         Write_Raised := True;
         Write_Done := True;
      end Write_Failed;

      entry Write_Queue (S : in String)
        when Write_Done or else Closed is
      begin
         if not Write_Done then
            Free_Write_S (Write_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Write_Done := False;
         if Write_Raised then
            Write_Raised := False;
            Free_Write_S (Write_S);
            Ada.Exceptions.Reraise_Occurrence (Write_Failure);
         end if;
         Free_Write_S (Write_S);
      end Write_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Log;

   task body Log_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Log_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Log_Closer);
      overriding procedure Finalize (Object : in out Log_Closer) is
      begin
         Log.Close;
      end Finalize;
      Closer : Log_Closer;
      Lines : Natural := 0;
   begin
      while True loop
         declare
            Alternatives : constant Log_Alternative_List :=
              (1 => (Log_Write, 0));
            Choice : Natural;
         begin
            Log.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Log.Write_Woken (Value_1);
                     requeue Log.Write_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Log.Write_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Log.Write_Take;
                     declare
                        S : constant String := Log.Write_S_Value;
                     begin
                        begin
                           Lines := Lines + 1;
                           Put_Line ("log" & Natural'Image (Lines) & ": " & S);
                        exception
                           when Occurrence : others =>
                              Log.Write_Failed (Occurrence);
                              raise;
                        end;
                        Log.Write_Accept_End;
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Log_Agent;

begin
   Log.Write ("one");
   Log.Write ("two");
   Put_Line ("PASSED");
end Main;
