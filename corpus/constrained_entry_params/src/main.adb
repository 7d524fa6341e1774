--  Entry formals of a type with defaulted discriminants: A'Constrained is
--  True exactly when the actual is constrained (or the formal is an in
--  formal), and an assignment that changes the discriminants of a formal
--  whose actual is constrained raises Constraint_Error in the accept body
--  (RM 3.7.2).  (Repro constrained_entry_params: the general scheme's agent
--  worked on unconstrained copies.)
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   subtype Size is Natural range 0 .. 8;

   type Buf (Len : Size := 0) is record
      Data : String (1 .. Len);
   end record;

   Fixed : Buf (3) := (3, "abc");
   Free  : Buf     := (2, "xy");
   Other : Buf     := (1, "z");

   task Checker is
      entry Probe (A : in out Buf; B : in out Buf; C : in Buf);
      entry Grow (A : in out Buf);
   end Checker;

   task body Checker is
   begin
      accept Probe (A : in out Buf; B : in out Buf; C : in Buf) do
         Put_Line ("A'Constrained = " & Boolean'Image (A'Constrained));
         Put_Line ("B'Constrained = " & Boolean'Image (B'Constrained));
         Put_Line ("C'Constrained = " & Boolean'Image (C'Constrained));
         B := (5, "hello");
      end Probe;
      accept Grow (A : in out Buf) do
         begin
            A := (4, "four");
            Put_Line ("Grow: assigned");
         exception
            when Constraint_Error =>
               Put_Line ("Grow: Constraint_Error in the accept body");
         end;
      end Grow;
   end Checker;
begin
   Checker.Probe (Fixed, Free, Other);
   Put_Line ("Free.Len =" & Size'Image (Free.Len));
   begin
      Checker.Grow (Fixed);
      Put_Line ("Fixed.Len =" & Size'Image (Fixed.Len));
   exception
      when Constraint_Error =>
         Put_Line ("Grow: Constraint_Error in the caller (wrong)");
   end;
   Put_Line ("PASSED");
end Main;
