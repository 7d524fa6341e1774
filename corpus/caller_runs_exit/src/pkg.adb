with Ada.Text_IO;
package body Pkg is
   task body Printer is
      Sum : Integer := 0;
      Lines : Natural := 0;
      Served : Natural := 0;

      procedure Say (S : String) is
      begin
         Ada.Text_IO.Put_Line (S);
         Lines := Lines + 1;
      end Say;
   begin
      Serve : loop
         select
            accept Print (N : Integer) do
               Say ("print" & Integer'Image (N));
            end Print;
            Sum := Sum + 1;
            exit Serve when Sum >= 100;
         or
            accept Total (Value : out Integer) do
               Value := Printer.Sum;
            end Total;
         or
            accept Quit do
               Say ("quitting");
            end Quit;
            exit;
         end select;
         Served := Served + 1;
      end loop Serve;
      Say ("printer done after" & Natural'Image (Lines) & " lines,"
           & Natural'Image (Served) & " calls served");
   end Printer;
end Pkg;
