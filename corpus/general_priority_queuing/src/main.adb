pragma Queuing_Policy (Priority_Queuing);

--  Under Priority_Queuing a select takes, of its open alternatives with
--  callers queued, the one whose first caller has the highest priority; the
--  textual order only breaks ties (RM D.4(12)).  Server waits until both of
--  its entries have a caller, then serves them by one select each: Urgent's
--  call of Second goes before Idle's call of First.
with Ada.Text_IO;
with System;

procedure Main is
   task Server is
      entry Open;
      entry First (Name : out Character);
      entry Second (Name : out Character);
   end Server;

   Order : String (1 .. 2) := "..";

   task body Server is
   begin
      accept Open;
      while First'Count = 0 or else Second'Count = 0 loop
         delay 0.001;
      end loop;
      for I in Order'Range loop
         select
            accept First (Name : out Character) do
               Name := 'I';
               Order (I) := 'I';
            end First;
         or
            accept Second (Name : out Character) do
               Name := 'U';
               Order (I) := 'U';
            end Second;
         end select;
      end loop;
   end Server;

   task Idle is
      pragma Priority (System.Default_Priority - 2);
   end Idle;

   task body Idle is
      Name : Character;
   begin
      Server.First (Name);
   end Idle;

   task Urgent is
      pragma Priority (System.Default_Priority + 2);
   end Urgent;

   task body Urgent is
      Name : Character;
   begin
      Server.Second (Name);
   end Urgent;
begin
   Server.Open;
   while not (Idle'Terminated and Urgent'Terminated) loop
      delay 0.01;
   end loop;
   Ada.Text_IO.Put_Line ("Served: " & Order);
   if Order = "UI" then
      Ada.Text_IO.Put_Line ("PASSED");
   end if;
end Main;
