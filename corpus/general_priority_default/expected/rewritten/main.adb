pragma Task_Dispatching_Policy (FIFO_Within_Priorities);
pragma Locking_Policy (Ceiling_Locking);

--  general_priority_inheritance with no priority given: every task runs at
--  System.Default_Priority, the gauge's ceiling, so no rendezvous lends a
--  priority above it, whoever calls; the policies change nothing of that.
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

   protected Server is
      entry Probe (Above : out Boolean);
      entry Stop;
   private
      --  rdv2po: task Server became this protected object. Stage is where
      --  the task stood: 1 = select of Probe/Stop; 0 = ended (calls raise
      --  Tasking_Error); -1 = not started (Start_Up runs at the first
      --  call).
      Stage : Integer := -1;
      Done : Boolean := False;
      procedure Start_Up;
   end Server;

   protected body Server is

      procedure Start_Up is
      begin
         Stage := 1;
         if not (not Done) then
            Stage := 0;  --  the task left its while loop
            return;
         end if;
      end Start_Up;

      entry Probe (Above : out Boolean) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Probe with abort;
         end if;
         begin
            Above := Above_Default;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         if not (not Done) then
            Stage := 0;  --  the task left its while loop
            return;
         end if;
      end Probe;

      entry Stop when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Stop with abort;
         end if;
         Done := True;
         Stage := 1;
         if not (not Done) then
            Stage := 0;  --  the task left its while loop
            return;
         end if;
      end Stop;

   end Server;

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
