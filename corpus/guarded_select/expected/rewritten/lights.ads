--  A traffic light as a state machine: three guarded accept alternatives
--  over the internal colour force the cycle Red -> Green -> Yellow -> Red,
--  whatever order the callers arrive in.

package Lights is

   type Color is (Red, Green, Yellow);

   protected Light is
      entry To_Green (Waiting : in Natural);   --  open only when Red
      entry To_Yellow;                         --  open only when Green
      entry To_Red (Passed : out Natural);     --  open only when Yellow
      procedure Query (Current : out Color; Changes : out Natural;
                   Trace : out Natural; Cars : out Natural);
   private
      --  rdv2po: task Light became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      State   : Color := Red;
      Changed : Boolean := False;
      Count   : Natural := 0;  --  number of colour changes
      Print   : Natural := 0;  --  order-sensitive fingerprint of changes
      Total   : Natural := 0;
   end Light;

end Lights;
