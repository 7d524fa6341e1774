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

   package Probe_Objects is
      type Probe is tagged limited private;
      procedure Reading (Self : Probe; Level : in Level_Type);
      function Is_Callable (Self : Probe) return Boolean;
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Probe_Turn is
         entry Reading;
         procedure Finish (Ended : Boolean);
         function Completed return Boolean;   -- for the task's attributes
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Probe_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Probe is tagged limited record
         This : not null access Probe := Probe'Unchecked_Access;   -- writable from any view
         Turn : Probe_Turn;
      end record;
   end Probe_Objects;
   subtype Probe is Probe_Objects.Probe;

end Sensors;
