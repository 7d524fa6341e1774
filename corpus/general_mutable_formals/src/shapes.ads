--  Entry formals of a type with defaulted discriminants (RM 3.7.2, 6.4.1):
--  an in formal is a constant ('Constrained is True); an in out or out
--  formal is constrained exactly when the caller's actual is, and an
--  assignment changing its discriminants raises Constraint_Error in the
--  accept body, where the body's handlers see it, and otherwise reaches
--  both the caller and the task.  Keeper is a single task of a library
--  package (the general scheme's public object in front of it), Checker a
--  task type whose accept bodies requeue, return and name formals as
--  Check.A; Tally never asks 'Constrained (nothing is added to it).
package Shapes is
   subtype Size is Natural range 0 .. 8;

   type Buf (Len : Size := 0) is record
      Data : String (1 .. Len);
   end record;

   task Keeper is
      entry Swap (Into : in out Buf; From : in Buf);
      entry Fill (Into : out Buf; Len : Size; Was_Constrained : out Boolean);
      entry Stop (Count : out Natural);
   end Keeper;

   task type Checker is
      entry Check (A : in Buf; B : in out Buf; Report : out String);
      entry Reset (A : in Buf; B : in out Buf; Report : out String);
   end Checker;

   task Tally is
      entry Add (Item : in Buf);
      entry Total (Sum : out Natural);
   end Tally;
end Shapes;
