with Ada.Text_IO;
package body Tuning is
   procedure Show is
   begin
      Ada.Text_IO.Put_Line ("depth" & Integer'Image (Depth));
   end Show;
begin
   Ada.Text_IO.Put_Line ("tuning elaborated");
end Tuning;
