with Ada.Text_IO;
package body Report is
   procedure Line (S : String) is
   begin
      Ada.Text_IO.Put_Line ("[display] " & S);
   end Line;
end Report;
