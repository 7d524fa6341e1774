pragma Task_Dispatching_Policy (FIFO_Within_Priorities);
pragma Locking_Policy (Ceiling_Locking);

--  A rendezvous lends the caller's priority to the accept body (RM D.1(21)):
--  the body of Server's Probe runs at Urgent's priority when Urgent calls,
--  at Main's when Main calls, and at Server's own between rendezvous.  The
--  gauge below tells: calling a protected object above its ceiling raises
--  Program_Error (RM D.3(13)).
with Ada.Text_IO;
with System;

procedure Main is
   Low  : constant System.Priority := System.Default_Priority - 5;
   High : constant System.Priority := System.Default_Priority + 5;

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
      pragma Priority (Low);
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

   task Urgent is
      pragma Priority (High);
   end Urgent;

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
   if not Above and Urgent_Saw then
      Ada.Text_IO.Put_Line ("PASSED");
   end if;
end Main;
