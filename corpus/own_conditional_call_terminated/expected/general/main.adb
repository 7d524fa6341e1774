--  A conditional entry call of a task that has already terminated raises
--  Tasking_Error (RM 9.5.3(21)): neither the call nor the else part is
--  taken.  Lamp's body does nothing; Main waits until the object has
--  terminated, then tries its entry once.

with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Ending is (Call_Taken, Else_Taken, Tasking_Error_Raised, Other_Exception);

   How : Ending;

begin
   declare
      --  Lamp never accepts Switch: that is the point
      pragma Warnings (Off, "no accept for entry*");

      type Lamp;
      type Lamp_Entry is (Lamp_No_Entry, Lamp_Switch);
      task type Lamp_Agent (Self : not null access Lamp) is
         --  rdv2po: general scheme agent of Lamp
      end Lamp_Agent;
      --  rdv2po: task type Lamp became this protected type; its code runs in
      --  Lamp_Agent, a component of it (general scheme: each rendezvous goes
      --  through the object)
      protected type Lamp is
         entry Switch;
         --  rdv2po: the rendezvous protocol, for Lamp_Agent
         function Agent_Terminated return Boolean;
         procedure Close;
      private
         Chosen : Lamp_Entry := Lamp_No_Entry;
         Closed : Boolean := False;
         Agent : Lamp_Agent (Self => Lamp'Unchecked_Access);
      end Lamp;

      Hall : Lamp;

      protected body Lamp is

         entry Switch
           when Closed or else (Chosen = Lamp_No_Entry and then False)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Lamp_Switch;
         end Switch;

         function Agent_Terminated return Boolean is
         begin
            return Agent'Terminated;
         end Agent_Terminated;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Lamp;

      task body Lamp_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Lamp_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Lamp_Closer);
         overriding procedure Finalize (Object : in out Lamp_Closer) is
         begin
            Self.Close;
         end Finalize;
         Closer : Lamp_Closer;
      begin
         null;
      end Lamp_Agent;
   begin
      for Try in 1 .. 400 loop
         exit when Hall.Agent_Terminated;
         delay 0.005;
      end loop;
      Put_Line ("lamp terminated: " & Boolean'Image (Hall.Agent_Terminated));

      begin
         select
            Hall.Switch;
            How := Call_Taken;
         else
            How := Else_Taken;
         end select;
      exception
         when Tasking_Error =>
            How := Tasking_Error_Raised;
         when others =>
            How := Other_Exception;
      end;
   end;

   Put_Line ("conditional call of a terminated task: " & Ending'Image (How));
   if How = Tasking_Error_Raised then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
