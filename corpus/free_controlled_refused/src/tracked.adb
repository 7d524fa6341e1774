with Ada.Text_IO;
package body Tracked is
   overriding procedure Finalize (C : in out Cell) is
   begin
      if C.Value /= 0 then
         Ada.Text_IO.Put_Line ("finalized" & Integer'Image (C.Value));
      end if;
   end Finalize;
end Tracked;
