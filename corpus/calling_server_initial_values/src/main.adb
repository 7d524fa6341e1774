--  Calling servers whose variables have initial values.  The task evaluated
--  them when it was activated: an exception there failed the activation, and
--  the activator got Tasking_Error at its begin.  The protected object gets
--  them as component defaults, evaluated where it is declared, where the
--  exception would propagate as Constraint_Error.  Planner's values are shown
--  within their subtypes: translated.  Setup's Level - 1 + 1 is not shown
--  within Positive (Level is a variable; were it 0, the activation would
--  fail): refused, though this run gives it 1.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Offset : constant := 4;
   Level  : Integer := 1;
begin
   declare
      task Worker is
         entry Start (Id : Integer);
      end Worker;

      task Planner;

      task body Worker is
         Got : Integer := 0;
      begin
         accept Start (Id : Integer) do
            Got := Id;
         end Start;
         Put_Line ("worker got" & Integer'Image (Got));
      end Worker;

      task body Planner is
         Base : Positive := Offset + 1;
         Step : Natural := Offset - 4;
      begin
         Worker.Start (Base + Step);
      end Planner;
   begin
      null;
   end;

   declare
      task Helper is
         entry Start (Id : Integer);
      end Helper;

      task Setup;

      task body Helper is
         Got : Integer := 0;
      begin
         accept Start (Id : Integer) do
            Got := Id;
         end Start;
         Put_Line ("helper got" & Integer'Image (Got));
      end Helper;

      task body Setup is
         Base : Positive := Level - 1 + 1;
      begin
         Helper.Start (Base);
      end Setup;
   begin
      null;
   exception
      when Tasking_Error => Put_Line ("setup's activation failed");
   end;
   Put_Line ("PASSED");
end Main;
