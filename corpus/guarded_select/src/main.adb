--  Three controller tasks each push the traffic light into "their" colour
--  Cycles times.  The guards of the light's select serialise them into the
--  fixed cycle Red -> Green -> Yellow -> Red, so the outcome is fixed.

with Ada.Text_IO; use Ada.Text_IO;
with Lights;      use Lights;

procedure Main is

   Cycles : constant := 300;

   Last_Passed : Natural := 0;   --  written by the Red controller only
   Monotone    : Boolean := True;

   procedure Run_Controllers is

      task type Controller (Target : Color);

      task body Controller is
         Passed : Natural;
      begin
         for I in 1 .. Cycles loop
            case Target is
               when Green =>
                  Light.To_Green (Waiting => I mod 7);
               when Yellow =>
                  Light.To_Yellow;
               when Red =>
                  Light.To_Red (Passed);
                  if Passed < Last_Passed then
                     Monotone := False;
                  end if;
                  Last_Passed := Passed;
            end case;
         end loop;
      end Controller;

      --  Declared in an order different from the colour cycle on purpose
      C_Red    : Controller (Red);
      C_Yellow : Controller (Yellow);
      C_Green  : Controller (Green);
      pragma Unreferenced (C_Red, C_Yellow, C_Green);

   begin
      null;  --  returns when all three controllers have terminated
   end Run_Controllers;

   Current : Color;
   Changes : Natural;
   Trace   : Natural;
   Cars    : Natural;
   Expected_Cars : Natural := 0;

begin
   Light.Query (Current, Changes, Trace, Cars);
   Put_Line ("Start   : " & Color'Image (Current)
             & Natural'Image (Changes));

   Run_Controllers;

   Light.Query (Current, Changes, Trace, Cars);
   for I in 1 .. Cycles loop
      Expected_Cars := Expected_Cars + I mod 7;
   end loop;

   Put_Line ("State   : " & Color'Image (Current));
   Put_Line ("Changes :" & Natural'Image (Changes));
   Put_Line ("Trace   :" & Natural'Image (Trace));
   Put_Line ("Cars    :" & Natural'Image (Cars));
   Put_Line ("Last red:" & Natural'Image (Last_Passed));
   if Current = Red
     and then Changes = 3 * Cycles
     and then Cars = Expected_Cars
     and then Last_Passed = Expected_Cars
     and then Monotone
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;
