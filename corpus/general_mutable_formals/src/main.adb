with Ada.Text_IO; use Ada.Text_IO;
with Shapes; use Shapes;

procedure Main is
   Fixed : Buf (3) := (3, "abc");
   Free  : Buf := (2, "xy");
   Short : constant Buf := (1, "z");
   Flag  : Boolean;
   Failures : Natural;
   Report : String (1 .. 4);
   Sum : Natural;
begin
   Keeper.Swap (Free, Short);
   Put_Line ("Swap into unconstrained: " & Free.Data & Size'Image (Free.Len));
   begin
      Keeper.Swap (Fixed, Short);
      Put_Line ("Swap into constrained: no exception (wrong)");
   exception
      when Constraint_Error =>
         Put_Line ("Swap into constrained: Constraint_Error; still " & Fixed.Data);
   end;
   Keeper.Fill (Fixed, 5, Flag);
   Put_Line ("Fill constrained: " & Boolean'Image (Flag) & " " & Fixed.Data);
   Keeper.Fill (Free, 5, Flag);
   Put_Line ("Fill unconstrained: " & Boolean'Image (Flag) & " " & Free.Data);
   Keeper.Stop (Failures);
   Put_Line ("Keeper saw" & Natural'Image (Failures) & " failure(s)");

   declare
      C1, C2 : Checker;
      Target : Buf (2) := (2, "ok");
      Loose  : Buf := (2, "ok");
   begin
      C1.Check ((0, ""), Loose, Report);
      Put_Line ("Check then Reset, unconstrained: " & Report & Size'Image (Loose.Len));
      begin
         C2.Check ((0, ""), Target, Report);
         Put_Line ("Check then Reset, constrained: no exception (wrong)");
      exception
         when Constraint_Error =>
            Put_Line ("Check then Reset, constrained: Constraint_Error; still "
                      & Target.Data);
      end;
   end;

   Tally.Add (Fixed);
   Tally.Add (Free);
   Tally.Total (Sum);
   Put_Line ("Tally:" & Natural'Image (Sum));
   Put_Line ("PASSED");
end Main;
