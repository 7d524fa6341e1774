with Ada.Text_IO;
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
package body Spooler is
   type Queue_Entry is (Queue_No_Entry, Queue_Submit, Queue_Flush);
   type Queue_Submit_Job_Access is access String;
   procedure Free_Submit_Job is new Ada.Unchecked_Deallocation
     (String,
      Queue_Submit_Job_Access);
   type Queue_Alternative is record
      Id : Queue_Entry := Queue_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Queue_Alternative_List is array (Positive range <>) of Queue_Alternative;
   --  rdv2po: the rendezvous of task Queue, for Queue_Agent
   protected Queue_Rendezvous is
      entry Submit (Job : String; Pages : Positive := 1);
      entry Flush (Jobs, Pages : out Natural);
      entry Select_Arm
        (Order : Queue_Alternative_List;
         Chosen_Position : out Natural);
      entry Submit_Held (Job : in String; Pages : in Positive);
      procedure Submit_Woken (Job : in String; Pages : in Positive);
      procedure Submit_Take (Pages : out Positive);
      function Submit_Job_Value return String;
      procedure Submit_Accept_End;
      procedure Submit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Submit_Queue (Job : in String; Pages : in Positive);
      entry Flush_Held (Jobs, Pages : out Natural);
      procedure Flush_Woken (Jobs : in Natural; Pages : in Natural);
      procedure Flush_Take (Jobs : out Natural; Pages : out Natural);
      procedure Flush_Accept_End (Jobs : in Natural; Pages : in Natural);
      procedure Flush_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Flush_Queue (Jobs : out Natural; Pages : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Queue_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Queue_Alternative);
      function Queued (Alternative : Queue_Alternative) return Boolean;
      function Position_Of (Alternative : Queue_Alternative) return Natural;
      Armed_List : Queue_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Queue_Entry := Queue_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Submit_Armed : Boolean := False;
      Submit_Job : Queue_Submit_Job_Access;
      Submit_Pages : Positive;
      Submit_Done : Boolean := False;
      Submit_Raised : Boolean := False;
      Submit_Failure : Ada.Exceptions.Exception_Occurrence;
      Flush_Armed : Boolean := False;
      Flush_Jobs : Natural;
      Flush_Pages : Natural;
      Flush_Done : Boolean := False;
      Flush_Raised : Boolean := False;
      Flush_Failure : Ada.Exceptions.Exception_Occurrence;
   end Queue_Rendezvous;
   task Queue_Agent is
      --  rdv2po: general scheme agent of Queue_Rendezvous
      entry Wake_1 (Positive range 1 .. 2)
        (Value_1 : in String; Value_2 : in Positive);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Natural; Value_2 : out Natural);
   end Queue_Agent;

   protected body Queue is separate;

   protected body Queue_Rendezvous is

      entry Submit (Job : String; Pages : Positive := 1)
        when Closed
          or else (Chosen = Queue_No_Entry
                   and then Submit_Armed
                   and then Submit_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Queue_Agent.Wake_1
              (Position_Of ((Id => Queue_Submit, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Queue_Submit, Index => 0));
         Submit_Woken (Job, Pages);
         requeue Submit_Queue;
      end Submit;

      entry Submit_Held (Job : in String; Pages : in Positive)
        when Closed or else (Chosen = Queue_No_Entry and then Submit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Queue_Submit, Index => 0));
         Submit_Woken (Job, Pages);
         requeue Submit_Queue;
      end Submit_Held;

      entry Flush (Jobs, Pages : out Natural)
        when Closed
          or else (Chosen = Queue_No_Entry
                   and then Flush_Armed
                   and then Flush_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Queue_Agent.Wake_2
              (Position_Of ((Id => Queue_Flush, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Queue_Flush, Index => 0));
         Flush_Woken (Jobs, Pages);
         requeue Flush_Queue;
      end Flush;

      entry Flush_Held (Jobs, Pages : out Natural)
        when Closed or else (Chosen = Queue_No_Entry and then Flush_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Queue_Flush, Index => 0));
         Flush_Woken (Jobs, Pages);
         requeue Flush_Queue;
      end Flush_Held;

      entry Select_Arm
        (Order : Queue_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Queue_No_Entry then
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
        (Order : Queue_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Queue_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Submit_Armed := False;
         Flush_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Queue_Alternative) is
      begin
         case Alternative.Id is
            when Queue_Submit =>
               Submit_Armed := True;
            when Queue_Flush =>
               Flush_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Queue_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Queue_Submit =>
               return Queue_Rendezvous.Submit'Count + Submit_Held'Count > 0;
            when Queue_Flush =>
               return Queue_Rendezvous.Flush'Count + Flush_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Queue_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Submit_Take (Pages : out Positive) is
      begin
         Pages := Submit_Pages;
         Chosen := Queue_No_Entry;
      end Submit_Take;

      procedure Submit_Woken (Job : in String; Pages : in Positive) is
      begin
         Disarm;
         Chosen := Queue_Submit;
         Submit_Pages := Pages;
         Submit_Job := new String'(Job);
         Submit_Done := False;
      end Submit_Woken;

      function Submit_Job_Value return String is
      begin
         return Submit_Job.all;
      end Submit_Job_Value;

      procedure Submit_Accept_End is
      begin
         Submit_Done := True;
      end Submit_Accept_End;

      procedure Submit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Submit_Failure, Occurrence);
         Submit_Raised := True;
         Submit_Done := True;
      end Submit_Failed;

      entry Submit_Queue (Job : in String; Pages : in Positive)
        when Submit_Done or else Closed is
      begin
         if not Submit_Done then
            Free_Submit_Job (Submit_Job);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Submit_Done := False;
         if Submit_Raised then
            Submit_Raised := False;
            Free_Submit_Job (Submit_Job);
            Ada.Exceptions.Reraise_Occurrence (Submit_Failure);
         end if;
         Free_Submit_Job (Submit_Job);
      end Submit_Queue;

      procedure Flush_Take (Jobs : out Natural; Pages : out Natural) is
      begin
         Jobs := Flush_Jobs;
         Pages := Flush_Pages;
         Chosen := Queue_No_Entry;
      end Flush_Take;

      procedure Flush_Woken (Jobs : in Natural; Pages : in Natural) is
      begin
         Disarm;
         Chosen := Queue_Flush;
         Flush_Jobs := Jobs;
         Flush_Pages := Pages;
         Flush_Done := False;
      end Flush_Woken;

      procedure Flush_Accept_End (Jobs : in Natural; Pages : in Natural) is
      begin
         Flush_Jobs := Jobs;
         Flush_Pages := Pages;
         Flush_Done := True;
      end Flush_Accept_End;

      procedure Flush_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Flush_Failure, Occurrence);
         Flush_Raised := True;
         Flush_Done := True;
      end Flush_Failed;

      entry Flush_Queue (Jobs : out Natural; Pages : out Natural)
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
         Jobs := Flush_Jobs;
         Pages := Flush_Pages;
      end Flush_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Queue_Rendezvous;

   task body Queue_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Queue_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Queue_Closer);
      overriding procedure Finalize (Object : in out Queue_Closer) is
      begin
         Queue_Rendezvous.Close;
      end Finalize;
      Closer : Queue_Closer;
      Job_Count  : Natural := 0;
      Page_Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Queue_Alternative_List :=
              (1 => (Queue_Submit, 0),
               2 => (Queue_Flush, 0));
            Choice : Natural;
         begin
            Queue_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in String; Value_2 : in Positive) do
                     Queue_Rendezvous.Submit_Woken (Value_1, Value_2);
                     requeue Queue_Rendezvous.Submit_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Natural; Value_2 : out Natural) do
                     Queue_Rendezvous.Flush_Woken (Value_1, Value_2);
                     requeue Queue_Rendezvous.Flush_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in String; Value_2 : in Positive) do
                        requeue Queue_Rendezvous.Submit_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Natural; Value_2 : out Natural) do
                        requeue Queue_Rendezvous.Flush_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Pages : Positive;
                  begin
                     Queue_Rendezvous.Submit_Take (Pages);
                     declare
                        Job : constant String := Queue_Rendezvous.Submit_Job_Value;
                     begin
                        begin
                           Ada.Text_IO.Put_Line ("job " & Job & ":" & Positive'Image (Pages) & " page(s)");
                           Job_Count := Job_Count + 1;
                           Page_Count := Page_Count + Pages;
                        exception
                           when Occurrence : others =>
                              Queue_Rendezvous.Submit_Failed (Occurrence);
                              raise;
                        end;
                        Queue_Rendezvous.Submit_Accept_End;
                     end;
                  end;
               when 2 =>
                  declare
                     Jobs : Natural;
                     Pages : Natural;
                  begin
                     Queue_Rendezvous.Flush_Take (Jobs, Pages);
                     begin
                        Jobs := Job_Count;
                        Pages := Page_Count;
                        Job_Count := 0;
                        Page_Count := 0;
                     exception
                        when Occurrence : others =>
                           Queue_Rendezvous.Flush_Failed (Occurrence);
                           raise;
                     end;
                     Queue_Rendezvous.Flush_Accept_End (Jobs, Pages);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Queue_Agent;
end Spooler;
