--  A one-shot worker type whose objects are aliased, and a foreman task type
--  given two of them as access discriminants.
with Ada.Finalization;
package Crew is
   package Hand_Objects is
      type Hand (Tag : Character) is tagged limited private;
      procedure Go (Self : Hand; Times : Positive);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Hand_Turn is
         entry Go;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Go
      end Hand_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Hand (Tag : Character) is new Ada.Finalization.Limited_Controlled with record
         This : not null access Hand := Hand'Unchecked_Access;   -- writable from any view
         Turn : Hand_Turn;
      end record;
      overriding procedure Finalize (Self : in out Hand);
   end Hand_Objects;
   subtype Hand is Hand_Objects.Hand;

   task type Foreman (First, Second : access Hand);

   procedure Send (H : access Hand; Times : Positive);
end Crew;
