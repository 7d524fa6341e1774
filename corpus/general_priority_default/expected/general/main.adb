pragma Task_Dispatching_Policy (FIFO_Within_Priorities);
pragma Locking_Policy (Ceiling_Locking);

--  general_priority_inheritance with no priority given: every task runs at
--  System.Default_Priority, the gauge's ceiling, so no rendezvous lends a
--  priority above it, whoever calls; the policies change nothing of that.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;
with System;

procedure Main is
   protected Gauge is
      pragma Priority (System.Default_Priority);
      procedure Touch;
   end Gauge;

   protected body Gauge is
      procedure Touch is
      begin
         null;
      end Touch;
   end Gauge;

   function Above_Default return Boolean is
   begin
      Gauge.Touch;
      return False;
   exception
      when Program_Error =>
         return True;
   end Above_Default;

   type Server_Entry is (Server_No_Entry, Server_Probe, Server_Stop);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry Probe (Above : out Boolean);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure Probe_Take (Above : out Boolean);
      procedure Probe_Accept_End (Above : in Boolean);
      procedure Probe_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Probe_Queue (Above : out Boolean);
      procedure Stop_Take;
      procedure Stop_Accept_End;
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Alternative);
      function Queued (Alternative : Server_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Alternative) return Natural;
      Armed_List : Server_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Closed : Boolean := False;
      Probe_Armed : Boolean := False;
      Probe_Above : Boolean;
      Probe_Done : Boolean := False;
      Probe_Raised : Boolean := False;
      Probe_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
   end Server_Agent;

   protected body Server is

      entry Probe (Above : out Boolean)
        when Closed or else (Chosen = Server_No_Entry and then Probe_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Probe, Index => 0));
         Disarm;
         Chosen := Server_Probe;
         Probe_Above := Above;
         Probe_Done := False;
         requeue Probe_Queue;
      end Probe;

      entry Stop
        when Closed or else (Chosen = Server_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Stop, Index => 0));
         Disarm;
         Chosen := Server_Stop;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Server_No_Entry then
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
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Probe_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Probe =>
               Probe_Armed := True;
            when Server_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Probe =>
               return Server.Probe'Count > 0;
            when Server_Stop =>
               return Server.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Server_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Probe_Take (Above : out Boolean) is
      begin
         Above := Probe_Above;
         Chosen := Server_No_Entry;
      end Probe_Take;

      procedure Probe_Accept_End (Above : in Boolean) is
      begin
         Probe_Above := Above;
         Probe_Done := True;
      end Probe_Accept_End;

      procedure Probe_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Probe_Failure, Occurrence);
         Probe_Raised := True;
         Probe_Done := True;
      end Probe_Failed;

      entry Probe_Queue (Above : out Boolean)
        when Probe_Done or else Closed is
      begin
         if not Probe_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Probe_Done := False;
         if Probe_Raised then
            Probe_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Probe_Failure);
         end if;
         Above := Probe_Above;
      end Probe_Queue;

      procedure Stop_Take is
      begin
         Chosen := Server_No_Entry;
      end Stop_Take;

      procedure Stop_Accept_End is
      begin
         Stop_Done := True;
      end Stop_Accept_End;

      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
         Stop_Raised := True;
         Stop_Done := True;
      end Stop_Failed;

      entry Stop_Queue
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
      end Stop_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Server;

   task body Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Server_Closer);
      overriding procedure Finalize (Object : in out Server_Closer) is
      begin
         Server.Close;
      end Finalize;
      Closer : Server_Closer;
      Done : Boolean := False;
   begin
      while not Done loop
         declare
            Choice : Natural;
         begin
            Server.Select_Arm
              (Order => (1 => (Server_Probe, 0),
                         2 => (Server_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Above : Boolean;
                  begin
                     Server.Probe_Take (Above);
                     begin
                        Above := Above_Default;
                     exception
                        when Occurrence : others =>
                           Server.Probe_Failed (Occurrence);
                           raise;
                     end;
                     Server.Probe_Accept_End (Above);
                  end;
               when 2 =>
                  Server.Stop_Take;
                  begin
                     Done := True;
                  exception
                     when Occurrence : others =>
                        Server.Stop_Failed (Occurrence);
                        raise;
                  end;
                  Server.Stop_Accept_End;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Agent;

   Urgent_Saw : Boolean := False;
   pragma Atomic (Urgent_Saw);

   task Urgent;

   task body Urgent is
      Above : Boolean;
   begin
      Server.Probe (Above);
      Urgent_Saw := Above;
   end Urgent;

   Above : Boolean;
begin
   Server.Probe (Above);
   Ada.Text_IO.Put_Line ("Main's call, body above the default: " & Boolean'Image (Above));
   while not Urgent'Terminated loop
      delay 0.01;
   end loop;
   Ada.Text_IO.Put_Line ("Urgent's call, body above the default: "
                         & Boolean'Image (Urgent_Saw));
   Server.Probe (Above);
   Ada.Text_IO.Put_Line ("Main's call again: " & Boolean'Image (Above));
   Server.Stop;
   if not Above and not Urgent_Saw then
      Ada.Text_IO.Put_Line ("PASSED");
   end if;
end Main;
