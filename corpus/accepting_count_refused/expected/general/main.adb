--  A spooler that notes, after each job, how many jobs are still waiting.
--  The task counts the calls that came while it was busy with the last one;
--  the protected object would run the same code holding its lock, where a
--  call coming meanwhile waits for the lock, queued on no entry: the count
--  would miss it.  The accepting scheme refuses, naming Submit'Count.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Spooler_Entry is (Spooler_No_Entry, Spooler_Submit, Spooler_Status);
   type Spooler_Alternative is record
      Id : Spooler_Entry := Spooler_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Spooler_Alternative_List is array (Positive range <>) of Spooler_Alternative;
   --  rdv2po: task Spooler became this protected object; its code runs in the
   --  task Spooler_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Spooler is
      entry Submit (Pages : Positive);
      entry Status (Done : out Natural; Backlog : out Natural);
      --  rdv2po: the rendezvous protocol, for Spooler_Agent
      entry Select_Arm
        (Order : Spooler_Alternative_List;
         Chosen_Position : out Natural);
      entry Submit_Held (Pages : Positive);
      procedure Submit_Woken (Pages : in Positive);
      procedure Submit_Take (Pages : out Positive);
      procedure Submit_Accept_End;
      procedure Submit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Submit_Queue (Pages : in Positive);
      function Submit_Count return Natural;
      entry Status_Held (Done : out Natural; Backlog : out Natural);
      procedure Status_Woken (Done : in Natural; Backlog : in Natural);
      procedure Status_Take (Done : out Natural; Backlog : out Natural);
      procedure Status_Accept_End (Done : in Natural; Backlog : in Natural);
      procedure Status_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Status_Queue (Done : out Natural; Backlog : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Spooler_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Spooler_Alternative);
      function Queued (Alternative : Spooler_Alternative) return Boolean;
      function Position_Of (Alternative : Spooler_Alternative) return Natural;
      Armed_List : Spooler_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Spooler_Entry := Spooler_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Submit_Armed : Boolean := False;
      Submit_Pages : Positive;
      Submit_Done : Boolean := False;
      Submit_Raised : Boolean := False;
      Submit_Failure : Ada.Exceptions.Exception_Occurrence;
      Status_Armed : Boolean := False;
      Status_Done_2 : Natural;
      Status_Backlog : Natural;
      Status_Done : Boolean := False;
      Status_Raised : Boolean := False;
      Status_Failure : Ada.Exceptions.Exception_Occurrence;
   end Spooler;
   task Spooler_Agent is
      --  rdv2po: general scheme agent of Spooler
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Positive);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Natural; Value_2 : out Natural);
   end Spooler_Agent;

   protected body Spooler is

      entry Submit (Pages : Positive)
        when Closed
          or else (Chosen = Spooler_No_Entry
                   and then Submit_Armed
                   and then Submit_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Spooler_Agent.Wake_1
              (Position_Of ((Id => Spooler_Submit, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Spooler_Submit, Index => 0));
         Submit_Woken (Pages);
         requeue Submit_Queue;
      end Submit;

      entry Submit_Held (Pages : Positive)
        when Closed or else (Chosen = Spooler_No_Entry and then Submit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Spooler_Submit, Index => 0));
         Submit_Woken (Pages);
         requeue Submit_Queue;
      end Submit_Held;

      entry Status (Done : out Natural; Backlog : out Natural)
        when Closed
          or else (Chosen = Spooler_No_Entry
                   and then Status_Armed
                   and then Status_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Spooler_Agent.Wake_2
              (Position_Of ((Id => Spooler_Status, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Spooler_Status, Index => 0));
         Status_Woken (Done, Backlog);
         requeue Status_Queue;
      end Status;

      entry Status_Held (Done : out Natural; Backlog : out Natural)
        when Closed or else (Chosen = Spooler_No_Entry and then Status_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Spooler_Status, Index => 0));
         Status_Woken (Done, Backlog);
         requeue Status_Queue;
      end Status_Held;

      entry Select_Arm
        (Order : Spooler_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Spooler_No_Entry then
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
        (Order : Spooler_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Spooler_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Submit_Armed := False;
         Status_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Spooler_Alternative) is
      begin
         case Alternative.Id is
            when Spooler_Submit =>
               Submit_Armed := True;
            when Spooler_Status =>
               Status_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Spooler_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Spooler_Submit =>
               return Spooler.Submit'Count + Submit_Held'Count > 0;
            when Spooler_Status =>
               return Spooler.Status'Count + Status_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Spooler_Alternative) return Natural is
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
         Chosen := Spooler_No_Entry;
      end Submit_Take;

      procedure Submit_Woken (Pages : in Positive) is
      begin
         Disarm;
         Chosen := Spooler_Submit;
         Submit_Pages := Pages;
         Submit_Done := False;
      end Submit_Woken;

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

      entry Submit_Queue (Pages : in Positive)
        when Submit_Done or else Closed is
      begin
         if not Submit_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Submit_Done := False;
         if Submit_Raised then
            Submit_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Submit_Failure);
         end if;
      end Submit_Queue;

      function Submit_Count return Natural is
      begin
         return Spooler.Submit'Count + Submit_Held'Count;
      end Submit_Count;

      procedure Status_Take (Done : out Natural; Backlog : out Natural) is
      begin
         Done := Status_Done_2;
         Backlog := Status_Backlog;
         Chosen := Spooler_No_Entry;
      end Status_Take;

      procedure Status_Woken (Done : in Natural; Backlog : in Natural) is
      begin
         Disarm;
         Chosen := Spooler_Status;
         Status_Done_2 := Done;
         Status_Backlog := Backlog;
         Status_Done := False;
      end Status_Woken;

      procedure Status_Accept_End (Done : in Natural; Backlog : in Natural) is
      begin
         Status_Done_2 := Done;
         Status_Backlog := Backlog;
         Status_Done := True;
      end Status_Accept_End;

      procedure Status_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Status_Failure, Occurrence);
         Status_Raised := True;
         Status_Done := True;
      end Status_Failed;

      entry Status_Queue (Done : out Natural; Backlog : out Natural)
        when Status_Done or else Closed is
      begin
         if not Status_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Status_Done := False;
         if Status_Raised then
            Status_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Status_Failure);
         end if;
         Done := Status_Done_2;
         Backlog := Status_Backlog;
      end Status_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Spooler;

   task body Spooler_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Spooler_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Spooler_Closer);
      overriding procedure Finalize (Object : in out Spooler_Closer) is
      begin
         Spooler.Close;
      end Finalize;
      Closer : Spooler_Closer;
      Printed : Natural := 0;
      Waiting : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Spooler_Alternative_List :=
              (1 => (Spooler_Submit, 0),
               2 => (Spooler_Status, 0));
            Choice : Natural;
         begin
            Spooler.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Positive) do
                     Spooler.Submit_Woken (Value_1);
                     requeue Spooler.Submit_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Natural; Value_2 : out Natural) do
                     Spooler.Status_Woken (Value_1, Value_2);
                     requeue Spooler.Status_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Positive) do
                        requeue Spooler.Submit_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Natural; Value_2 : out Natural) do
                        requeue Spooler.Status_Held with abort;
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
                     Spooler.Submit_Take (Pages);
                     begin
                        Printed := Printed + Pages;
                     exception
                        when Occurrence : others =>
                           Spooler.Submit_Failed (Occurrence);
                           raise;
                     end;
                     Spooler.Submit_Accept_End;
                  end;
                  Waiting := Spooler.Submit_Count;
               when 2 =>
                  declare
                     Done : Natural;
                     Backlog : Natural;
                  begin
                     Spooler.Status_Take (Done, Backlog);
                     begin
                        Done := Printed;
                        Backlog := Waiting;
                     exception
                        when Occurrence : others =>
                           Spooler.Status_Failed (Occurrence);
                           raise;
                     end;
                     Spooler.Status_Accept_End (Done, Backlog);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Spooler_Agent;

   Done, Backlog : Natural;
begin
   Spooler.Submit (3);
   Spooler.Submit (4);
   Spooler.Status (Done, Backlog);
   Put_Line ("printed" & Natural'Image (Done) & ", backlog" & Natural'Image (Backlog));
   Put_Line ("PASSED");
end Main;
