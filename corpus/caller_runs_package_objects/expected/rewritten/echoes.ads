with Ada.Finalization;
package Echoes is
   --  Waits at Start without a terminate alternative: the master of each
   --  object waits for it, so the translation must know where each object
   --  is activated.
   package Echo_Objects is
      type Echo is tagged limited private;
      procedure Start (Self : Echo; Tag : String);
      procedure Put (Self : Echo; S : String);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Echo_Turn is
         entry Start;
         entry Put;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Start, 2 at the server loop
      end Echo_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Echo is new Ada.Finalization.Limited_Controlled with record
         This : not null access Echo := Echo'Unchecked_Access;   -- writable from any view
         Turn : Echo_Turn;
         Mine : String (1 .. 3) := "???";
         Count : Natural := 0;
      end record;
      overriding procedure Finalize (Self : in out Echo);
   end Echo_Objects;
   subtype Echo is Echo_Objects.Echo;
end Echoes;
