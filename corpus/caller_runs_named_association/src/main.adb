with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Printer is
      entry Show (Item : String);
      entry Done;   --  taken once the last line is printed: PASSED comes after it
   end Printer;

   task body Printer is
      Last : String (1 .. 20);
      Len  : Natural;
   begin
      loop
         select
            accept Show (Item : String) do
               Len := Item'Length;
               Last (1 .. Len) := Item;
            end Show;
            Put_Line (File => Standard_Output, Item => Last (1 .. Len));
         or
            accept Done;
         or
            terminate;
         end select;
      end loop;
   end Printer;
begin
   Printer.Show ("one");
   Printer.Show ("two");
   Printer.Show ("three");
   Printer.Done;
   Put_Line ("PASSED");
end Main;
