with Ada.Text_IO;
separate (Spooler)
protected body Queue is

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
      Disarm;
      Chosen := Queue_Submit;
      Submit_Pages := Pages;
      Submit_Job := new String'(Job);
      Submit_Done := False;
      requeue Submit_Queue;
   end Submit;

   entry Submit_Held (Job : String; Pages : Positive := 1)
     when Closed or else (Chosen = Queue_No_Entry and then Submit_Armed)
   is
   begin
      if Closed then
         raise Tasking_Error;
      end if;
      Position := Position_Of ((Id => Queue_Submit, Index => 0));
      Disarm;
      Chosen := Queue_Submit;
      Submit_Pages := Pages;
      Submit_Job := new String'(Job);
      Submit_Done := False;
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
      Disarm;
      Chosen := Queue_Flush;
      Flush_Jobs := Jobs;
      Flush_Pages := Pages;
      Flush_Done := False;
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
      Disarm;
      Chosen := Queue_Flush;
      Flush_Jobs := Jobs;
      Flush_Pages := Pages;
      Flush_Done := False;
      requeue Flush_Queue;
   end Flush_Held;

   entry Select_Arm
     (Order : Queue_Alternative_List;
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
         if Order (K).Id /= Queue_No_Entry then
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
     (Order : Queue_Alternative_List;
      Poll, Timed_Wait, Wake : Boolean;
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
            return Queue.Submit'Count + Submit_Held'Count > 0;
         when Queue_Flush =>
            return Queue.Flush'Count + Flush_Held'Count > 0;
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
end Queue;
