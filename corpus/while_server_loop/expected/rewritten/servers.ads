--  Three servers whose loop is a while loop.
package Servers is

   protected Logger is
      entry Log (X : Integer);
      entry Total (T : out Integer);
      entry Stop;
   private
      --  rdv2po: task Logger became this protected object. Stage is where
      --  the task stood: 1 = select of Log/Total/Stop; 0 = ended (calls
      --  raise Tasking_Error); -1 = not started (Start_Up runs at the first
      --  call).
      Stage : Integer := -1;
      Running : Boolean := True;
      Sum     : Integer := 0;
      Calls   : Natural := 0;
      procedure Start_Up;
   end Logger;

   Counter_Max   : constant Natural := 3;
   protected Counter is
      entry Tick (N : out Natural);
   private
      --  rdv2po: task Counter became this protected object. Stage is where
      --  the task stood: 1 = accept Tick; 0 = ended (calls raise
      --  Tasking_Error); -1 = not started (Start_Up runs at the first
      --  call).
      Stage : Integer := -1;
      Count : Natural := 0;
      procedure Start_Up;
   end Counter;

   protected Never is
      entry Ping;
   private
      --  rdv2po: task Never became this protected object. Stage is where
      --  the task stood: 1 = accept Ping; 0 = ended (calls raise
      --  Tasking_Error); -1 = not started (Start_Up runs at the first
      --  call).
      Stage : Integer := -1;
      Enabled : Boolean := False;
      procedure Start_Up;
   end Never;

end Servers;
