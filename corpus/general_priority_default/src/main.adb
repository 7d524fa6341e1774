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

   task Server is
      entry Probe (Above : out Boolean);
      entry Stop;
   end Server;

   task body Server is
      Done : Boolean := False;
   begin
      while not Done loop
         select
            accept Probe (Above : out Boolean) do
               Above := Above_Default;
            end Probe;
         or
            accept Stop do
               Done := True;
            end Stop;
         end select;
      end loop;
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
