--  Readers and writers with a control task, in the style of Burns &
--  Wellings, "Concurrency in Ada" (writers preferred: a reader is not
--  admitted while a writer waits, using Start_Write'Count in a guard).
--  Writers update two fields that must always be equal; readers check them.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Readers_Count : constant := 4;
   Writers_Count : constant := 2;
   Rounds        : constant := 200;

   type Pair is record
      A, B : Integer := 0;
   end record;

   Shared : Pair;
   pragma Volatile (Shared);

   type Control_Entry is
     (Control_No_Entry,
      Control_Start_Read,
      Control_End_Read,
      Control_Start_Write,
      Control_End_Write,
      Control_Statistics);
   type Control_Alternative is record
      Id : Control_Entry := Control_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Control_Alternative_List is array (Positive range <>) of Control_Alternative;
   --  rdv2po: task Control became this protected object; its code runs in the
   --  task Control_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Control is
      entry Start_Read;
      entry End_Read;
      entry Start_Write;
      entry End_Write;
      entry Statistics (Reads, Writes : out Natural);
      --  rdv2po: the rendezvous protocol, for Control_Agent
      entry Select_Arm
        (Order : Control_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Read_Held;
      procedure Start_Read_Woken;
      procedure Start_Read_Take;
      entry End_Read_Held;
      procedure End_Read_Woken;
      procedure End_Read_Take;
      entry Start_Write_Held;
      procedure Start_Write_Woken;
      procedure Start_Write_Take;
      function Start_Write_Count return Natural;
      entry End_Write_Held;
      procedure End_Write_Woken;
      procedure End_Write_Take;
      entry Statistics_Held (Reads, Writes : out Natural);
      procedure Statistics_Woken (Reads : in Natural; Writes : in Natural);
      procedure Statistics_Take (Reads : out Natural; Writes : out Natural);
      procedure Statistics_Accept_End
        (Reads : in Natural;
         Writes : in Natural);
      procedure Statistics_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Statistics_Queue (Reads : out Natural; Writes : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Control_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Control_Alternative);
      function Queued (Alternative : Control_Alternative) return Boolean;
      function Position_Of (Alternative : Control_Alternative) return Natural;
      Armed_List : Control_Alternative_List (1 .. 5);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Control_Entry := Control_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Start_Read_Armed : Boolean := False;
      End_Read_Armed : Boolean := False;
      Start_Write_Armed : Boolean := False;
      End_Write_Armed : Boolean := False;
      Statistics_Armed : Boolean := False;
      Statistics_Reads : Natural;
      Statistics_Writes : Natural;
      Statistics_Done : Boolean := False;
      Statistics_Raised : Boolean := False;
      Statistics_Failure : Ada.Exceptions.Exception_Occurrence;
   end Control;
   task Control_Agent is
      --  rdv2po: general scheme agent of Control
      entry Wake_1 (Positive range 1 .. 5);
      entry Wake_2 (Positive range 1 .. 5)
        (Value_1 : out Natural; Value_2 : out Natural);
   end Control_Agent;

   protected body Control is

      entry Start_Read
        when Closed
          or else (Chosen = Control_No_Entry
                   and then Start_Read_Armed
                   and then Start_Read_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Control_Agent.Wake_1
              (Position_Of ((Id => Control_Start_Read, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Control_Start_Read, Index => 0));
         Start_Read_Woken;
      end Start_Read;

      entry Start_Read_Held
        when Closed
          or else (Chosen = Control_No_Entry and then Start_Read_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Control_Start_Read, Index => 0));
         Start_Read_Woken;
      end Start_Read_Held;

      entry End_Read
        when Closed
          or else (Chosen = Control_No_Entry
                   and then End_Read_Armed
                   and then End_Read_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Control_Agent.Wake_1
              (Position_Of ((Id => Control_End_Read, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Control_End_Read, Index => 0));
         End_Read_Woken;
      end End_Read;

      entry End_Read_Held
        when Closed or else (Chosen = Control_No_Entry and then End_Read_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Control_End_Read, Index => 0));
         End_Read_Woken;
      end End_Read_Held;

      entry Start_Write
        when Closed
          or else (Chosen = Control_No_Entry
                   and then Start_Write_Armed
                   and then Start_Write_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Control_Agent.Wake_1
              (Position_Of ((Id => Control_Start_Write, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Control_Start_Write, Index => 0));
         Start_Write_Woken;
      end Start_Write;

      entry Start_Write_Held
        when Closed
          or else (Chosen = Control_No_Entry and then Start_Write_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Control_Start_Write, Index => 0));
         Start_Write_Woken;
      end Start_Write_Held;

      entry End_Write
        when Closed
          or else (Chosen = Control_No_Entry
                   and then End_Write_Armed
                   and then End_Write_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Control_Agent.Wake_1
              (Position_Of ((Id => Control_End_Write, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Control_End_Write, Index => 0));
         End_Write_Woken;
      end End_Write;

      entry End_Write_Held
        when Closed
          or else (Chosen = Control_No_Entry and then End_Write_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Control_End_Write, Index => 0));
         End_Write_Woken;
      end End_Write_Held;

      entry Statistics (Reads, Writes : out Natural)
        when Closed
          or else (Chosen = Control_No_Entry
                   and then Statistics_Armed
                   and then Statistics_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Control_Agent.Wake_2
              (Position_Of ((Id => Control_Statistics, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Control_Statistics, Index => 0));
         Statistics_Woken (Reads, Writes);
         requeue Statistics_Queue;
      end Statistics;

      entry Statistics_Held (Reads, Writes : out Natural)
        when Closed
          or else (Chosen = Control_No_Entry and then Statistics_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Control_Statistics, Index => 0));
         Statistics_Woken (Reads, Writes);
         requeue Statistics_Queue;
      end Statistics_Held;

      entry Select_Arm
        (Order : Control_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Control_No_Entry then
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
        (Order : Control_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Control_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Start_Read_Armed := False;
         End_Read_Armed := False;
         Start_Write_Armed := False;
         End_Write_Armed := False;
         Statistics_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Control_Alternative) is
      begin
         case Alternative.Id is
            when Control_Start_Read =>
               Start_Read_Armed := True;
            when Control_End_Read =>
               End_Read_Armed := True;
            when Control_Start_Write =>
               Start_Write_Armed := True;
            when Control_End_Write =>
               End_Write_Armed := True;
            when Control_Statistics =>
               Statistics_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Control_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Control_Start_Read =>
               return Control.Start_Read'Count + Start_Read_Held'Count > 0;
            when Control_End_Read =>
               return Control.End_Read'Count + End_Read_Held'Count > 0;
            when Control_Start_Write =>
               return Control.Start_Write'Count + Start_Write_Held'Count > 0;
            when Control_End_Write =>
               return Control.End_Write'Count + End_Write_Held'Count > 0;
            when Control_Statistics =>
               return Control.Statistics'Count + Statistics_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Control_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Start_Read_Take is
      begin
         Chosen := Control_No_Entry;
      end Start_Read_Take;

      procedure Start_Read_Woken is
      begin
         Disarm;
         Chosen := Control_Start_Read;
      end Start_Read_Woken;

      procedure End_Read_Take is
      begin
         Chosen := Control_No_Entry;
      end End_Read_Take;

      procedure End_Read_Woken is
      begin
         Disarm;
         Chosen := Control_End_Read;
      end End_Read_Woken;

      procedure Start_Write_Take is
      begin
         Chosen := Control_No_Entry;
      end Start_Write_Take;

      procedure Start_Write_Woken is
      begin
         Disarm;
         Chosen := Control_Start_Write;
      end Start_Write_Woken;

      function Start_Write_Count return Natural is
      begin
         return Control.Start_Write'Count + Start_Write_Held'Count;
      end Start_Write_Count;

      procedure End_Write_Take is
      begin
         Chosen := Control_No_Entry;
      end End_Write_Take;

      procedure End_Write_Woken is
      begin
         Disarm;
         Chosen := Control_End_Write;
      end End_Write_Woken;

      procedure Statistics_Take (Reads : out Natural; Writes : out Natural) is
      begin
         Reads := Statistics_Reads;
         Writes := Statistics_Writes;
         Chosen := Control_No_Entry;
      end Statistics_Take;

      procedure Statistics_Woken (Reads : in Natural; Writes : in Natural) is
      begin
         Disarm;
         Chosen := Control_Statistics;
         Statistics_Reads := Reads;
         Statistics_Writes := Writes;
         Statistics_Done := False;
      end Statistics_Woken;

      procedure Statistics_Accept_End
        (Reads : in Natural;
         Writes : in Natural) is
      begin
         Statistics_Reads := Reads;
         Statistics_Writes := Writes;
         Statistics_Done := True;
      end Statistics_Accept_End;

      procedure Statistics_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Statistics_Failure, Occurrence);
         Statistics_Raised := True;
         Statistics_Done := True;
      end Statistics_Failed;

      entry Statistics_Queue (Reads : out Natural; Writes : out Natural)
        when Statistics_Done or else Closed is
      begin
         if not Statistics_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Statistics_Done := False;
         if Statistics_Raised then
            Statistics_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Statistics_Failure);
         end if;
         Reads := Statistics_Reads;
         Writes := Statistics_Writes;
      end Statistics_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Control;

   task body Control_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Control_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Control_Closer);
      overriding procedure Finalize (Object : in out Control_Closer) is
      begin
         Control.Close;
      end Finalize;
      Closer : Control_Closer;
      Readers      : Natural := 0;
      Writing      : Boolean := False;
      Total_Reads  : Natural := 0;
      Total_Writes : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Control_Alternative_List :=
              (1 => ((if not Writing and then Control.Start_Write_Count = 0 then Control_Start_Read else Control_No_Entry), 0),
               2 => (Control_End_Read, 0),
               3 => ((if not Writing and then Readers = 0 then Control_Start_Write else Control_No_Entry), 0),
               4 => (Control_End_Write, 0),
               5 => (Control_Statistics, 0));
            Choice : Natural;
         begin
            Control.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Control.Start_Read_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Control.End_Read_Woken;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_1 (3) do
                     Control.Start_Write_Woken;
                  end Wake_1;
                  Choice := 3;
               or
                  accept Wake_1 (4) do
                     Control.End_Write_Woken;
                  end Wake_1;
                  Choice := 4;
               or
                  accept Wake_2 (5)
                    (Value_1 : out Natural; Value_2 : out Natural) do
                     Control.Statistics_Woken (Value_1, Value_2);
                     requeue Control.Statistics_Queue;
                  end Wake_2;
                  Choice := 5;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Control.Start_Read_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Control.End_Read_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (3) do
                        requeue Control.Start_Write_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (4) do
                        requeue Control.End_Write_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (5)
                       (Value_1 : out Natural; Value_2 : out Natural) do
                        requeue Control.Statistics_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Control.Start_Read_Take;
                  Readers := Readers + 1;
                  Total_Reads := Total_Reads + 1;
               when 2 =>
                  Control.End_Read_Take;
                  Readers := Readers - 1;
               when 3 =>
                  Control.Start_Write_Take;
                  Writing := True;
                  Total_Writes := Total_Writes + 1;
               when 4 =>
                  Control.End_Write_Take;
                  Writing := False;
               when 5 =>
                  declare
                     Reads : Natural;
                     Writes : Natural;
                  begin
                     Control.Statistics_Take (Reads, Writes);
                     begin
                        Reads := Total_Reads;
                        Writes := Total_Writes;
                     exception
                        when Occurrence : others =>
                           Control.Statistics_Failed (Occurrence);
                           raise;
                     end;
                     Control.Statistics_Accept_End (Reads, Writes);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Control_Agent;

   protected Violations is
      procedure Note;
      function Value return Natural;
   private
      Count : Natural := 0;
   end Violations;

   protected body Violations is
      procedure Note is
      begin
         Count := Count + 1;
      end Note;
      function Value return Natural is (Count);
   end Violations;

   Reads, Writes : Natural;
begin
   declare
      task type Reader;
      task body Reader is
         Copy : Pair;
      begin
         for I in 1 .. Rounds loop
            Control.Start_Read;
            Copy := Shared;
            if Copy.A /= Copy.B then
               Violations.Note;
            end if;
            Control.End_Read;
         end loop;
      end Reader;

      task type Writer;
      task body Writer is
      begin
         for I in 1 .. Rounds loop
            Control.Start_Write;
            Shared.A := Shared.A + 1;
            Shared.B := Shared.B + 1;
            Control.End_Write;
         end loop;
      end Writer;

      R : array (1 .. Readers_Count) of Reader;
      W : array (1 .. Writers_Count) of Writer;
   begin
      null;
   end;
   Control.Statistics (Reads, Writes);
   Put_Line ("reads" & Natural'Image (Reads) & ", writes" &
             Natural'Image (Writes));
   Put_Line ("final value" & Integer'Image (Shared.A) & Integer'Image (Shared.B));
   Put_Line ("violations" & Natural'Image (Violations.Value));
end Main;
