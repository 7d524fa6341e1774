--  A generic package of the program: its instance's subprograms are the
--  generic's, whose body is here.
generic
   Size : Positive;
package Bounded_Stacks is
   procedure Push (X : Integer);
   function Pop return Integer;
   function Depth return Natural;
end Bounded_Stacks;
