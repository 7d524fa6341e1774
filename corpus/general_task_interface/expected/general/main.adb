with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Task_Identification;

--  A task type implements a task interface and a synchronized one.  Callers
--  reach it through the interfaces: dispatching entry calls, and the task
--  attributes ('Callable, 'Terminated, 'Identity) and abort of an object of
--  the task interface's class.  A protected type cannot implement a task
--  interface: translated, the interface is a synchronized one whose abstract
--  functions answer the attributes for the agent task.
procedure Main is

   package Machines is
      type Machine is synchronized interface;
      --  rdv2po: was a task interface; Press became a protected type, which
      --  answers for its agent task what an object of Machine'Class answered
      --  as a task
      function Agent_Callable (Object : Machine) return Boolean is abstract;
      function Agent_Terminated (Object : Machine) return Boolean is abstract;
      function Agent_Identity (Object : Machine)
        return Ada.Task_Identification.Task_Id is abstract;
      procedure Close (Object : in out Machine) is abstract;
      procedure Start (M : in out Machine; Speed : Integer) is abstract;
      procedure Halt (M : in out Machine) is abstract;

      type Meter is synchronized interface;
      procedure Read (M : in out Meter; Value : out Integer) is abstract;

      type Press;
      type Press_Entry is
        (Press_No_Entry,
         Press_Start,
         Press_Halt,
         Press_Read);
      type Press_Alternative is record
         Id : Press_Entry := Press_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Press_Alternative_List is array (Positive range <>) of Press_Alternative;
      type Press_Access is access all Press;
      task type Press_Agent (Self : not null Press_Access) is
         --  rdv2po: general scheme agent of Press
      end Press_Agent;
      --  rdv2po: task type Press became this protected type; its code runs in
      --  Press_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Press is new Machine and Meter with
         entry Start (Speed : Integer);
         entry Halt;
         entry Read (Value : out Integer);
         --  rdv2po: the rendezvous protocol, for Press_Agent
         entry Select_Arm
           (Order : Press_Alternative_List;
            Chosen_Position : out Natural);
         entry Start_Accept_Begin (Speed : out Integer);
         procedure Start_Accept_End;
         procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Start_Queue (Speed : in Integer);
         procedure Halt_Take;
         procedure Read_Take (Value : out Integer);
         procedure Read_Accept_End (Value : in Integer);
         procedure Read_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Read_Queue (Value : out Integer);
         function Agent_Callable return Boolean;
         function Agent_Terminated return Boolean;
         function Agent_Identity return Ada.Task_Identification.Task_Id;
         procedure Close;
      private
         entry Select_Wait
           (Order : Press_Alternative_List;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Press_Alternative);
         function Queued (Alternative : Press_Alternative) return Boolean;
         function Position_Of (Alternative : Press_Alternative) return Natural;
         Armed_List : Press_Alternative_List (1 .. 2);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Press_Entry := Press_No_Entry;
         Closed : Boolean := False;
         Start_Speed : Integer;
         Start_Done : Boolean := False;
         Start_Raised : Boolean := False;
         Start_Failure : Ada.Exceptions.Exception_Occurrence;
         Halt_Armed : Boolean := False;
         Read_Armed : Boolean := False;
         Read_Value : Integer;
         Read_Done : Boolean := False;
         Read_Raised : Boolean := False;
         Read_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Press_Agent (Self => Press'Unchecked_Access);
      end Press;
   end Machines;

   package body Machines is
      protected body Press is

         entry Start (Speed : Integer)
           when Closed
             or else (Chosen = Press_No_Entry
                      and then Start_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Disarm;
            Chosen := Press_Start;
            Start_Speed := Speed;
            Start_Done := False;
            requeue Start_Queue;
         end Start;

         entry Halt
           when Closed or else (Chosen = Press_No_Entry and then Halt_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Press_Halt, Index => 0));
            Disarm;
            Chosen := Press_Halt;
         end Halt;

         entry Read (Value : out Integer)
           when Closed or else (Chosen = Press_No_Entry and then Read_Armed)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Press_Read, Index => 0));
            Disarm;
            Chosen := Press_Read;
            Read_Value := Value;
            Read_Done := False;
            requeue Read_Queue;
         end Read;

         entry Select_Arm
           (Order : Press_Alternative_List;
            Chosen_Position : out Natural)
           when not Closed is
            Found : Natural := 0;
            Any_Open : Boolean := False;
         begin
            Disarm;
            Chosen_Position := 0;
            Armed_Last := 0;
            for K in Order'Range loop
               if Order (K).Id /= Press_No_Entry then
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
            --  a caller already queued is taken first, in the select's order
            --  (as GNAT does)
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
           (Order : Press_Alternative_List;
            Chosen_Position : out Natural)
           when Chosen /= Press_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Halt_Armed := False;
            Read_Armed := False;
         end Disarm;

         procedure Arm (Alternative : Press_Alternative) is
         begin
            case Alternative.Id is
               when Press_Halt =>
                  Halt_Armed := True;
               when Press_Read =>
                  Read_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Press_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Press_Halt =>
                  return Press.Halt'Count > 0;
               when Press_Read =>
                  return Press.Read'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Press_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         entry Start_Accept_Begin (Speed : out Integer)
           when Chosen = Press_Start is
         begin
            Speed := Start_Speed;
            Chosen := Press_No_Entry;
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

         entry Start_Queue (Speed : in Integer)
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

         procedure Halt_Take is
         begin
            Chosen := Press_No_Entry;
         end Halt_Take;

         procedure Read_Take (Value : out Integer) is
         begin
            Value := Read_Value;
            Chosen := Press_No_Entry;
         end Read_Take;

         procedure Read_Accept_End (Value : in Integer) is
         begin
            Read_Value := Value;
            Read_Done := True;
         end Read_Accept_End;

         procedure Read_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Read_Failure, Occurrence);
            Read_Raised := True;
            Read_Done := True;
         end Read_Failed;

         entry Read_Queue (Value : out Integer)
           when Read_Done or else Closed is
         begin
            if not Read_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Read_Done := False;
            if Read_Raised then
               Read_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Read_Failure);
            end if;
            Value := Read_Value;
         end Read_Queue;

         function Agent_Callable return Boolean is
         begin
            return not Closed and then Agent'Callable;
         end Agent_Callable;

         function Agent_Terminated return Boolean is
         begin
            return Agent'Terminated;
         end Agent_Terminated;

         function Agent_Identity return Ada.Task_Identification.Task_Id is
         begin
            return Agent'Identity;
         end Agent_Identity;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Press;

      task body Press_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Press_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Press_Closer);
         overriding procedure Finalize (Object : in out Press_Closer) is
         begin
            Self.Close;
         end Finalize;
         Closer : Press_Closer;
         Current : Integer := 0;
      begin
         declare
            Speed : Integer;
         begin
            Self.Start_Accept_Begin (Speed);
            begin
               Current := Speed;
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
                 (Order => (1 => (Press_Read, 0),
                            2 => (Press_Halt, 0)),
                  Chosen_Position => Choice);
               case Choice is
                  when 1 =>
                     declare
                        Value : Integer;
                     begin
                        Self.Read_Take (Value);
                        begin
                           Value := Current;
                        exception
                           when Occurrence : others =>
                              Self.Read_Failed (Occurrence);
                              raise;
                        end;
                        Self.Read_Accept_End (Value);
                     end;
                  when 2 =>
                     Self.Halt_Take;
                     exit;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end Press_Agent;
   end Machines;

   use Machines;
   use type Ada.Task_Identification.Task_Id;

   procedure Run (M : in out Machine'Class; Speed : Integer) is
   begin
      Put_Line ("callable before start: " & Boolean'Image (M.Agent_Callable));
      M.Start (Speed);
   end Run;

   procedure Show (M : in out Meter'Class) is
      Value : Integer;
   begin
      M.Read (Value);
      Put_Line ("reading" & Integer'Image (Value));
   end Show;

   function Same (M : Machine'Class; Id : Ada.Task_Identification.Task_Id)
     return Boolean is
   begin
      return M.Agent_Identity = Id;
   end Same;

   procedure Stop (M : in out Machine'Class; Hard : Boolean) is
   begin
      if Hard then
         Ada.Task_Identification.Abort_Task (M.Agent_Identity);
         M.Close;
      else
         M.Halt;
      end if;
      while not M.Agent_Terminated loop
         delay 0.01;
      end loop;
      Put_Line ("terminated, callable: " & Boolean'Image (M.Agent_Callable));
   end Stop;

   A, B : Press;
begin
   Run (A, 10);
   Run (B, 20);
   Show (A);
   Show (B);
   Put_Line ("identity kept: "
             & Boolean'Image (Same (A, A.Agent_Identity) and not Same (A, B.Agent_Identity)));
   Stop (A, Hard => False);
   Stop (B, Hard => True);
   begin
      Show (B);
   exception
      when Tasking_Error => Put_Line ("aborted: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
