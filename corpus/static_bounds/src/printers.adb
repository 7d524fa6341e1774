with Ada.Text_IO;
package body Printers is
   task body Printer is
      Lines : Natural := 0;
   begin
      loop
         select
            accept Print (S : String) do
               Lines := Lines + 1;
               Ada.Text_IO.Put_Line (Natural'Image (Lines) & ": " & S);
            end Print;
         or
            terminate;
         end select;
      end loop;
   end Printer;

   procedure Show (H : Handle_Ref; S : String) is
   begin
      H.To.Print (S);
   end Show;
end Printers;
