with Ada.Exceptions;
with Ada.Finalization;
package body Shared_Data is

   type Control_Entry is
     (Control_No_Entry,
      Control_Start_Read,
      Control_End_Read,
      Control_Start_Write,
      Control_End_Write,
      Control_Report);
   type Control_Alternative is record
      Id : Control_Entry := Control_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Control_Alternative_List is array (Positive range <>) of Control_Alternative;
   --  rdv2po: the rendezvous of task Control, for Control_Agent
   protected Control_Rendezvous is
      entry Start_Read;
      entry End_Read;
      entry Start_Write;
      entry End_Write;
      entry Report (Reads, Writes, Violations : out Natural);
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
      procedure Start_Write_Accept_End;
      procedure Start_Write_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Write_Queue;
      function Start_Write_Count return Natural;
      entry End_Write_Held;
      procedure End_Write_Woken;
      procedure End_Write_Take;
      entry Report_Held (Reads, Writes, Violations : out Natural);
      procedure Report_Woken
        (Reads : in Natural;
         Writes : in Natural;
         Violations : in Natural);
      procedure Report_Take
        (Reads : out Natural;
         Writes : out Natural;
         Violations : out Natural);
      procedure Report_Accept_End
        (Reads : in Natural;
         Writes : in Natural;
         Violations : in Natural);
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue
        (Reads : out Natural;
         Writes : out Natural;
         Violations : out Natural);
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
      Start_Write_Done : Boolean := False;
      Start_Write_Raised : Boolean := False;
      Start_Write_Failure : Ada.Exceptions.Exception_Occurrence;
      End_Write_Armed : Boolean := False;
      Report_Armed : Boolean := False;
      Report_Reads : Natural;
      Report_Writes : Natural;
      Report_Violations : Natural;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Control_Rendezvous;
   task Control_Agent is
      --  rdv2po: general scheme agent of Control_Rendezvous
      entry Wake_1 (Positive range 1 .. 5);
      entry Wake_2 (Positive range 1 .. 5)
        (Value_1 : out Natural; Value_2 : out Natural; Value_3 : out Natural);
   end Control_Agent;

   protected body Control is
      --  rdv2po: each call goes on to Control_Rendezvous, as cancellable as it
      --  was
      entry Start_Read when True is
      begin
         requeue Control_Rendezvous.Start_Read with abort;
      end Start_Read;

      entry End_Read when True is
      begin
         requeue Control_Rendezvous.End_Read with abort;
      end End_Read;

      entry Start_Write when True is
      begin
         requeue Control_Rendezvous.Start_Write with abort;
      end Start_Write;

      entry End_Write when True is
      begin
         requeue Control_Rendezvous.End_Write with abort;
      end End_Write;

      entry Report (Reads, Writes, Violations : out Natural) when True is
      begin
         requeue Control_Rendezvous.Report with abort;
      end Report;
   end Control;

   protected body Control_Rendezvous is

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
         requeue Start_Write_Queue;
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
         requeue Start_Write_Queue;
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

      entry Report (Reads, Writes, Violations : out Natural)
        when Closed
          or else (Chosen = Control_No_Entry
                   and then Report_Armed
                   and then Report_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Control_Agent.Wake_2
              (Position_Of ((Id => Control_Report, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Control_Report, Index => 0));
         Report_Woken (Reads, Writes, Violations);
         requeue Report_Queue;
      end Report;

      entry Report_Held (Reads, Writes, Violations : out Natural)
        when Closed or else (Chosen = Control_No_Entry and then Report_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Control_Report, Index => 0));
         Report_Woken (Reads, Writes, Violations);
         requeue Report_Queue;
      end Report_Held;

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
         Report_Armed := False;
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
            when Control_Report =>
               Report_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Control_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Control_Start_Read =>
               return Control_Rendezvous.Start_Read'Count
                 + Start_Read_Held'Count > 0;
            when Control_End_Read =>
               return Control_Rendezvous.End_Read'Count
                 + End_Read_Held'Count > 0;
            when Control_Start_Write =>
               return Control_Rendezvous.Start_Write'Count
                 + Start_Write_Held'Count > 0;
            when Control_End_Write =>
               return Control_Rendezvous.End_Write'Count
                 + End_Write_Held'Count > 0;
            when Control_Report =>
               return Control_Rendezvous.Report'Count + Report_Held'Count > 0;
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
         Start_Write_Done := False;
      end Start_Write_Woken;

      procedure Start_Write_Accept_End is
      begin
         Start_Write_Done := True;
      end Start_Write_Accept_End;

      procedure Start_Write_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Write_Failure, Occurrence);
         Start_Write_Raised := True;
         Start_Write_Done := True;
      end Start_Write_Failed;

      entry Start_Write_Queue
        when Start_Write_Done or else Closed is
      begin
         if not Start_Write_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Write_Done := False;
         if Start_Write_Raised then
            Start_Write_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Write_Failure);
         end if;
      end Start_Write_Queue;

      function Start_Write_Count return Natural is
      begin
         return Control_Rendezvous.Start_Write'Count + Start_Write_Held'Count;
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

      procedure Report_Take
        (Reads : out Natural;
         Writes : out Natural;
         Violations : out Natural) is
      begin
         Reads := Report_Reads;
         Writes := Report_Writes;
         Violations := Report_Violations;
         Chosen := Control_No_Entry;
      end Report_Take;

      procedure Report_Woken
        (Reads : in Natural;
         Writes : in Natural;
         Violations : in Natural) is
      begin
         Disarm;
         Chosen := Control_Report;
         Report_Reads := Reads;
         Report_Writes := Writes;
         Report_Violations := Violations;
         Report_Done := False;
      end Report_Woken;

      procedure Report_Accept_End
        (Reads : in Natural;
         Writes : in Natural;
         Violations : in Natural) is
      begin
         Report_Reads := Reads;
         Report_Writes := Writes;
         Report_Violations := Violations;
         Report_Done := True;
      end Report_Accept_End;

      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
         Report_Raised := True;
         Report_Done := True;
      end Report_Failed;

      entry Report_Queue
        (Reads : out Natural;
         Writes : out Natural;
         Violations : out Natural)
        when Report_Done or else Closed is
      begin
         if not Report_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Report_Done := False;
         if Report_Raised then
            Report_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Report_Failure);
         end if;
         Reads := Report_Reads;
         Writes := Report_Writes;
         Violations := Report_Violations;
      end Report_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Control_Rendezvous;

   task body Control_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Control_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Control_Closer);
      overriding procedure Finalize (Object : in out Control_Closer) is
      begin
         Control_Rendezvous.Close;
      end Finalize;
      Closer : Control_Closer;
      Readers         : Natural := 0;
      Writing         : Boolean := False;
      Started_Reads   : Natural := 0;
      Finished_Writes : Natural := 0;
      Bad             : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Control_Alternative_List :=
              (1 => ((if not Writing and then Control_Rendezvous.Start_Write_Count = 0 then Control_Start_Read else Control_No_Entry), 0),
               2 => ((if Readers > 0 then Control_End_Read else Control_No_Entry), 0),
               3 => ((if not Writing and then Readers = 0 then Control_Start_Write else Control_No_Entry), 0),
               4 => ((if Writing then Control_End_Write else Control_No_Entry), 0),
               5 => (Control_Report, 0));
            Choice : Natural;
         begin
            Control_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Control_Rendezvous.Start_Read_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Control_Rendezvous.End_Read_Woken;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_1 (3) do
                     Control_Rendezvous.Start_Write_Woken;
                     requeue Control_Rendezvous.Start_Write_Queue;
                  end Wake_1;
                  Choice := 3;
               or
                  accept Wake_1 (4) do
                     Control_Rendezvous.End_Write_Woken;
                  end Wake_1;
                  Choice := 4;
               or
                  accept Wake_2 (5)
                    
                      (Value_1 : out Natural;
                       Value_2 : out Natural;
                       Value_3 : out Natural) do
                     Control_Rendezvous.Report_Woken (Value_1, Value_2, Value_3);
                     requeue Control_Rendezvous.Report_Queue;
                  end Wake_2;
                  Choice := 5;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Control_Rendezvous.Start_Read_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Control_Rendezvous.End_Read_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (3) do
                        requeue Control_Rendezvous.Start_Write_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (4) do
                        requeue Control_Rendezvous.End_Write_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (5)
                       
                         (Value_1 : out Natural;
                          Value_2 : out Natural;
                          Value_3 : out Natural) do
                        requeue Control_Rendezvous.Report_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Control_Rendezvous.Start_Read_Take;
                  Readers := Readers + 1;
                  Started_Reads := Started_Reads + 1;
               when 2 =>
                  Control_Rendezvous.End_Read_Take;
                  Readers := Readers - 1;
               when 3 =>
                  Control_Rendezvous.Start_Write_Take;
                  begin
                     if Readers /= 0 or else Writing then
                        Bad := Bad + 1;
                     end if;
                  exception
                     when Occurrence : others =>
                        Control_Rendezvous.Start_Write_Failed (Occurrence);
                        raise;
                  end;
                  Control_Rendezvous.Start_Write_Accept_End;
                  Writing := True;
               when 4 =>
                  Control_Rendezvous.End_Write_Take;
                  Writing := False;
                  Finished_Writes := Finished_Writes + 1;
               when 5 =>
                  declare
                     Reads : Natural;
                     Writes : Natural;
                     Violations : Natural;
                  begin
                     Control_Rendezvous.Report_Take (Reads, Writes, Violations);
                     begin
                        Reads := Started_Reads;
                        Writes := Finished_Writes;
                        Violations := Bad;
                     exception
                        when Occurrence : others =>
                           Control_Rendezvous.Report_Failed (Occurrence);
                           raise;
                     end;
                     Control_Rendezvous.Report_Accept_End (Reads, Writes, Violations);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Control_Agent;

end Shared_Data;
