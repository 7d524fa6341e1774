--  A traffic light as a state machine: three guarded accept alternatives
--  over the internal colour force the cycle Red -> Green -> Yellow -> Red,
--  whatever order the callers arrive in.

package Lights is

   type Color is (Red, Green, Yellow);

   --  rdv2po: task Light became this protected object; its calls go on to
   --  Light_Rendezvous and its code runs in the task Light_Agent, both in the
   --  package body (general scheme)
   protected Light is
      entry To_Green (Waiting : in Natural);
      --  open only when Red
      entry To_Yellow;
      --  open only when Green
      entry To_Red (Passed : out Natural);
      --  open only when Yellow
      entry Query (Current : out Color; Changes : out Natural;
                   Trace : out Natural; Cars : out Natural);
   end Light;

end Lights;
