--  A probe task type, declared in the visible part, whose accept body
--  raises and handles exceptions: one handled inside the accept body, one
--  handled there and raised again (so it reaches both the caller and the
--  block around the select), one not handled there at all (it reaches the
--  caller, and ends the probe).  The flags say where each was handled.

package Sensors is

   Too_High, Out_Of_Range, Bad_Value : exception;

   Handled_In_Accept    : Boolean := False;
   Raised_Again         : Boolean := False;
   Handled_Around_Loop  : Boolean := False;
   Last_Level           : Integer := 0;
   Problems             : Natural := 0;

   type Level_Type is range 0 .. 2_000;

   task type Probe is
      entry Reading (Level : in Level_Type);
   end Probe;

end Sensors;
